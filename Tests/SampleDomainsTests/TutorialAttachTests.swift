import Foundation
import Scenarios
import TestSupport
import Testing

/// The tutorial's last chapter, attaching to the running app, run as its reader runs it: two
/// terminals (tmux panes running Bash, where `swift run PRODUCT` runs the product the reader's
/// package makes at that step, ``TutorialStage``), `shelfd` in the first and `shelfshell` in the
/// second; each line the steps show typed, a tap typed into the app's terminal where the text says
/// so, the app stopped and started again with `--allow-writes` after the change to its code. Each
/// step is compared with its part of the terminal's screen as a golden is compared: the process
/// numbers, the socket's folder and the uptime the steps show are the reader's, and stand for this
/// run's.
@Suite struct TutorialAttachTests {
  /// What the steps show that differs in every run, and what stands for it here.
  struct Run {
    var firstApp = 0
    var secondApp = 0
    var runtimeFolder = "/run/user/1000"

    /// `lines` with the reader's values replaced by this run's; the list's rows, whose widths
    /// follow the process number and whose uptime is the moment's, match any values.
    func expected(_ lines: [String]) -> [String] {
      lines.map { line in
        if line.hasPrefix("APP ") && line.hasSuffix(" ACCESS") { return "APP     DOMAIN  PID[..]UP  ACCESS" }
        if line.hasPrefix("shelfd  shelf   13511 ") { return "shelfd  shelf   \(firstApp)[..]read-only" }
        return line.replacingOccurrences(of: "13511", with: String(firstApp)).replacingOccurrences(of: "13602", with: String(secondApp))
          .replacingOccurrences(of: "/run/user/1000", with: runtimeFolder)
      }
    }
  }

  /// A prompt of Bash (`$`), of a shell (`tally>`) or of an attached shell (`shelf@PID (live)>`),
  /// trailing blank dropped.
  static func isPrompt(_ line: Substring) -> Bool {
    line == "$" || line.hasPrefix("$ ") || line.wholeMatch(of: /[a-z]+(@\d+ \([a-z, -]+\))?>( .*)?/) != nil
  }

  static func prompts(on screen: String) -> Int {
    screen.split(separator: "\n").filter(isPrompt).count
  }

  @Test func theAttachChapterIsWhatItsTerminalsShow() async throws {
    let steps = Dictionary(uniqueKeysWithValues: try TutorialTerminalTests.steps().map { ($0.number, $0.lines) })
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tutorial-attach-\(UUID().uuidString.prefix(8))")
    let files = FileManager.default
    let owned: [FileAttributeKey: Any] = [.posixPermissions: 0o700]
    try files.createDirectory(at: folder, withIntermediateDirectories: false, attributes: owned)
    defer { try? files.removeItem(at: folder) }
    let package = folder.appendingPathComponent("package")
    let bin = folder.appendingPathComponent("bin")
    let runtime = folder.appendingPathComponent("run")
    for made in [package, bin, folder.appendingPathComponent("home"), runtime, folder.appendingPathComponent("app"), folder.appendingPathComponent("shell"),
                 folder.appendingPathComponent("build-04-07"), folder.appendingPathComponent("build-04-09")] {
      try files.createDirectory(at: made, withIntermediateDirectories: false, attributes: owned)
    }
    // The reader's package before and after the app opens its attachment with writes.
    let before = try await TutorialStage(step: "04-07").build(in: folder.appendingPathComponent("build-04-07"))
    let after = try await TutorialStage(step: "04-09").build(in: folder.appendingPathComponent("build-04-09"))
    for name in ["shelfshell", "shelfd"] {
      try files.copyItem(at: before.appendingPathComponent(name), to: bin.appendingPathComponent(name))
    }
    let rc = folder.appendingPathComponent("bashrc")
    try """
      PS1='$ '
      swift() { if [ "$1" = run ]; then shift; product="$1"; shift; "\(bin.path)/$product" "$@"; else echo "swift $1 is not run here" >&2; return 1; fi; }

      """.write(to: rc, atomically: true, encoding: .utf8)
    let bash = "cd \(package.path) && env NO_COLOR=1 HISTFILE= HOME=\(folder.path)/home XDG_STATE_HOME=\(folder.path)/home XDG_RUNTIME_DIR=\(runtime.path) bash --noprofile --rcfile \(rc.path) -i"
    let app = try await TmuxPane(bash, folder: folder.appendingPathComponent("app"), columns: 160, rows: 40)
    let shell = try await TmuxPane(bash, folder: folder.appendingPathComponent("shell"), columns: 160, rows: 40)
    do {
      var run = Run(runtimeFolder: runtime.path)
      try await app.wait(for: "Bash's prompt") { $0.hasPrefix("$") }
      // 04-04: the app in the first terminal.
      run.firstApp = try await Self.start(["swift run shelfd"], in: app)
      let appScreen = try await app.screen(scrollback: true)
      Self.compare(step: "04-04", steps["04-04"] ?? [], with: appScreen, run: run)
      // 04-05 to 04-07 in the second: listed, attached, following, forked, detached.
      try await shell.wait(for: "Bash's prompt") { $0.hasPrefix("$") }
      for line in ["swift run shelfshell --attach", "swift run shelfshell --attach shelfd", "select selectTitles", "dispatch onTapAddBook(title: \"Emma\")"] {
        try await Self.enter(line, in: shell)
      }
      try await shell.type("tail --only onTapAdd")
      try await shell.press("Enter")
      try await shell.wait(for: "the tail's start", scrollback: true) { $0.contains("Ctrl-C stops") }
      try await app.type("add Emma")
      try await app.press("Enter")
      try await shell.wait(for: "the app's action", timeout: .seconds(60), scrollback: true) { screen in
        screen.components(separatedBy: "→ onTapAddBook(title: \"Emma\")").last?.contains("\n  )") == true
      }
      let beforeStop = Self.prompts(on: try await shell.screen(scrollback: true))
      try await shell.press("C-c")
      try await shell.wait(for: "the tail's end", scrollback: true) { Self.prompts(on: $0) > beforeStop }
      for line in ["fork", "dispatch onTapRemoveBook(title: \"Persuasion\")", "select selectCount", "attach", "select selectCount"] {
        try await Self.enter(line, in: shell)
      }
      try await Self.enter(nil, in: shell)
      // 04-08 and 04-09: the app stopped, built again with writes, started, attached.
      let appPrompts = Self.prompts(on: try await app.screen(scrollback: true))
      try await app.press("C-d")
      try await app.wait(for: "the app's end", timeout: .seconds(60), scrollback: true) { Self.prompts(on: $0) > appPrompts }
      try files.removeItem(at: bin.appendingPathComponent("shelfd"))
      try files.copyItem(at: after.appendingPathComponent("shelfd"), to: bin.appendingPathComponent("shelfd"))
      run.secondApp = try await Self.start(["swift run shelfd --allow-writes"], in: app)
      try await Self.enter("swift run shelfshell --attach shelfd", in: shell)
      try await Self.enter("dispatch onTapLendBook(title: \"Persuasion\")", in: shell)
      let screen = try await shell.screen(scrollback: true)
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      // Each step's part: from its first line to the next step's (04-07 ends with its `^D`,
      // 04-09 is the attach after the app's restart).
      let second = lines.lastIndex(of: "$ swift run shelfshell --attach shelfd") ?? lines.count
      let parts = [
        ("04-05", "$ swift run shelfshell --attach"), ("04-06", "shelf@\(run.firstApp) (live, read-only)> tail --only onTapAdd"),
        ("04-07", "shelf@\(run.firstApp) (live, read-only)> fork"),
      ]
      for (index, part) in parts.enumerated() {
        guard let start = lines.firstIndex(of: part.1) else {
          Issue.record("the second terminal never showed `\(part.1)`, where tutorial-\(part.0)-Terminal.txt starts:\n\(screen)")
          continue
        }
        let end = index + 1 < parts.count ? lines.firstIndex(of: parts[index + 1].1) ?? second : second
        Self.compare(step: part.0, steps[part.0] ?? [], with: lines[start..<max(start, end)].joined(separator: "\n"), run: run)
      }
      Self.compare(step: "04-09", steps["04-09"] ?? [], with: lines[min(second, lines.count)...].joined(separator: "\n"), run: run)
      try await Self.enter(nil, in: shell)
      // The app ends with its input, before the panes go: nothing of it outlives the folder.
      try await Self.enter(nil, in: app)
    } catch {
      Issue.record("\(error)\n--- the app's terminal:\n\((try? await app.screen(scrollback: true)) ?? "")\n--- the shell's:\n\((try? await shell.screen(scrollback: true)) ?? "")")
    }
    await app.stop()
    await shell.stop()
  }

  /// Types `line` (nil: Ctrl-D) into `pane` and waits for the next prompt.
  static func enter(_ line: String?, in pane: TmuxPane) async throws {
    let before = prompts(on: try await pane.screen(scrollback: true))
    if let line {
      try await pane.type(line)
      try await pane.press("Enter")
    } else {
      try await pane.press("C-d")
    }
    try await pane.wait(for: "the prompt after `\(line ?? "^D")`", timeout: .seconds(120), scrollback: true) { prompts(on: $0) > before }
  }

  /// Types the app's command into `pane`; returns the process number it says it listens as.
  static func start(_ command: [String], in pane: TmuxPane) async throws -> Int {
    for line in command {
      try await pane.type(line)
      try await pane.press("Enter")
    }
    let screen = try await pane.wait(for: "the app's socket", timeout: .seconds(60), scrollback: true) { screen in
      screen.split(separator: "\n").last?.contains(": attach with `shelfshell --attach ") == true
    }
    guard let line = screen.split(separator: "\n").last, let match = line.firstMatch(of: /^shelfd (\d+): attach/), let pid = Int(match.1) else {
      throw TmuxPane.Failure(description: "the app never said its process number:\n\(screen)")
    }
    return pid
  }

  /// Compares `screen`, the terminal's part for `step`, with the step's lines.
  static func compare(step: String, _ lines: [String], with screen: String, run: Run) {
    let name = "tutorial-\(step)-Terminal.txt"
    compare(name: name, file: "\(ManualCommandLine.tutorialFolder)/\(name)", firstLine: 1, run.expected(lines), with: screen)
  }

  /// Compares `screen`, the terminal's part for an example, with `expected` (its lines, this
  /// run's values in place); a difference is an issue naming `file` and the line that changed,
  /// counted from `firstLine`, the example's first.
  static func compare(name: String, file: String, firstLine: Int, _ expected: [String], with screen: String) {
    var shown = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while let last = shown.last, last.isEmpty || last == "$" || (isPrompt(last[...]) && last.hasSuffix(">")) { shown.removeLast() }
    let comparison = GoldenComparison(golden: expected.map { $0 + "\n" }.joined(), transcript: shown.map { $0 + "\n" }.joined())
    guard !comparison.matches else { return }
    let diff = comparison.diff(goldenName: name, transcriptName: "the terminal")
    let line = firstLine - 1 + (ManualExample.firstChangedLine(inDiff: diff) ?? 1)
    Issue.record("\(file):\(line): the example differs from what its terminal shows; edit it by hand:\n\(diff)")
  }
}
