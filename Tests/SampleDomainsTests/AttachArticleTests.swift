import Foundation
import Scenarios
import TestSupport
import Testing

/// The manual's examples of attaching (`<!-- beside: shelfd -->` before the block): `Examples/Shelf`
/// built as ``TutorialStage`` builds a step, its `shelfd` started in one terminal and the block's
/// lines typed into Bash in another, with the example's executables first on `PATH`. A tap is
/// typed into the app's terminal for each of the app's actions a `tail` shows
/// (`→ onTapAddBook(title: "Emma")`: `add Emma`), then Ctrl-C. The screen is compared with the
/// block as a golden is compared; the process number and the uptime are this run's.
@Suite struct AttachArticleTests {
  @Test func everyAttachExampleIsWhatItsTerminalShows() async throws {
    let examples = try ManualCommandLine.all().filter { $0.besideApp != nil }
    #expect(!examples.isEmpty, "no example of the manual runs beside an app: is `<!-- beside: shelfd -->` still before Attach.md's?")
    guard !examples.isEmpty else { return }
    let files = FileManager.default
    let owned: [FileAttributeKey: Any] = [.posixPermissions: 0o700]
    let folder = files.temporaryDirectory.appendingPathComponent("attach-article-\(UUID().uuidString.prefix(8))")
    try files.createDirectory(at: folder, withIntermediateDirectories: false, attributes: owned)
    defer { try? files.removeItem(at: folder) }
    let bin = folder.appendingPathComponent("bin")
    try files.createDirectory(at: bin, withIntermediateDirectories: false, attributes: owned)
    _ = try await TutorialStage.example().build(in: bin)
    for example in examples {
      #expect(example.besideApp == "shelfd", "\(example.location): only Examples/Shelf's shelfd runs beside an example")
      let run = folder.appendingPathComponent(String(example.line))
      for made in ["", "home", "run", "app", "shell"] {
        try files.createDirectory(at: run.appendingPathComponent(made), withIntermediateDirectories: made != "", attributes: owned)
      }
      let bash = "cd \(run.path) && env NO_COLOR=1 HISTFILE= PS1='$ ' PATH=\(bin.path):$PATH HOME=\(run.path)/home XDG_STATE_HOME=\(run.path)/home "
        + "XDG_RUNTIME_DIR=\(run.path)/run bash --noprofile --norc -i"
      let app = try await TmuxPane(bash, folder: run.appendingPathComponent("app"), columns: 160, rows: 40)
      let shell = try await TmuxPane(bash, folder: run.appendingPathComponent("shell"), columns: 160, rows: 40)
      do {
        try await app.wait(for: "Bash's prompt") { $0.hasPrefix("$") }
        try await shell.wait(for: "Bash's prompt") { $0.hasPrefix("$") }
        let pid = try await TutorialAttachTests.start(["shelfd"], in: app)
        try await Self.type(TutorialAttachTests.Run(firstApp: pid).expected(example.lines), into: shell, tapping: app)
        let screen = try await shell.screen(scrollback: true)
        let expected = TutorialAttachTests.Run(firstApp: pid).expected(example.lines)
        TutorialAttachTests.compare(name: example.location, file: example.file, firstLine: example.line, expected, with: screen)
        // The app ends with its input, before the panes go: nothing of it outlives the folder.
        try await TutorialAttachTests.enter(nil, in: app)
      } catch {
        Issue.record("\(example.location): \(error)\n--- the shell's terminal:\n\((try? await shell.screen(scrollback: true)) ?? "")")
      }
      await app.stop()
      await shell.stop()
    }
  }

  /// Types the block's commands and prompt lines (this run's values in place) into `shell`, and a
  /// tap into `app` for each app action a `tail` shows.
  static func type(_ lines: [String], into shell: TmuxPane, tapping app: TmuxPane) async throws {
    for (index, line) in lines.enumerated() {
      let typed: String
      if line.hasPrefix("$ ") {
        typed = String(line.dropFirst(2))
      } else if let match = line.firstMatch(of: /^shelf@\d+ \([a-z, -]+\)> (.*)$/) {
        typed = String(match.1)
      } else {
        continue
      }
      guard typed != "^D" else {
        try await TutorialAttachTests.enter(nil, in: shell)
        continue
      }
      guard typed.hasPrefix("tail") else {
        try await TutorialAttachTests.enter(typed, in: shell)
        continue
      }
      let taps = lines[(index + 1)...].prefix { !$0.hasPrefix("^C") }.compactMap(tap)
      try await shell.type(typed)
      try await shell.press("Enter")
      try await shell.wait(for: "the tail's start", scrollback: true) { $0.contains("Ctrl-C stops") }
      for (number, tap) in taps.enumerated() {
        try await app.type(tap.typed)
        try await app.press("Enter")
        try await shell.wait(for: "the app's `\(tap.typed)`", timeout: .seconds(60), scrollback: true) { screen in
          let shown = screen.components(separatedBy: "\n→ ")
          return shown.count > number + 1 && shown[number + 1].contains("\n  )")
        }
      }
      let before = TutorialAttachTests.prompts(on: try await shell.screen(scrollback: true))
      try await shell.press("C-c")
      try await shell.wait(for: "the tail's end", scrollback: true) { TutorialAttachTests.prompts(on: $0) > before }
    }
  }

  /// The tap on the app's terminal that dispatches the action a tail shows in `line`, if any.
  static func tap(_ line: String) -> (typed: String, action: String)? {
    guard let match = line.firstMatch(of: /^→ onTap(Add|Remove|Lend)Book\(title: "([^"]*)"\)$/) else { return nil }
    return ("\(match.1.lowercased()) \(match.2)", String(line.dropFirst(2)))
  }

  @Test func aTailedActionIsTheTapThatMakesIt() {
    #expect(Self.tap("→ onTapAddBook(title: \"Emma\")")?.typed == "add Emma")
    #expect(Self.tap("→ onTapLendBook(title: \"The Leopard\")")?.typed == "lend The Leopard")
    #expect(Self.tap("  ShelfState(") == nil)
  }
}
