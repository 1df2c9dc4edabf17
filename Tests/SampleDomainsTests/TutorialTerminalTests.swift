import Foundation
import Scenarios
import TestSupport
import Testing

/// The tutorial's terminal steps, run as its reader runs them: each `swift run shelfshell`
/// session of a step is typed, key by key, into the `shelfshell` of the reader's package as the
/// steps before it leave it (``TutorialStage``), in a terminal (a tmux pane: libedit, the
/// prompt, the echo), and the screen is compared with the step as a golden is compared with its
/// transcript — the `...` after `swift run` (the build's output) and any other `...` line match
/// any lines. A changed line fails, naming the step file and its line. What a step types after
/// the session ends (`^D`) is not run: the steps show those commands without their output, as
/// the steps this test leaves out (`swift test`, `--update`, the plugin) do.
@Suite struct TutorialTerminalTests {
  /// One terminal step: its file and lines.
  struct Step {
    let name: String
    let lines: [String]

    /// `01-10` of `tutorial-01-10-Terminal.txt`.
    var number: String { String(name.dropFirst(9).prefix(5)) }

    /// The lines typed at the prompt, up to and with `^D`.
    var typed: [String] {
      session.compactMap { $0.hasPrefix(Self.prompt) ? String($0.dropFirst(Self.prompt.count)) : nil }
    }

    /// The session's lines as its terminal shows them: from the greeting to `^D` (or the end),
    /// the build's output left out.
    var session: [String] {
      let body = lines.dropFirst().drop { $0 == "..." }
      guard let end = body.firstIndex(of: Self.prompt + "^D") else { return Array(body) }
      return Array(body[...end])
    }

    /// How the step is run: a session here, the attach chapter by `TutorialAttachTests`, or not
    /// at all (commands shown without their output: `swift test`, `--update`, the plugin).
    enum Kind: Equatable {
      case session, attach, commandsWithoutOutput
    }

    var kind: Kind {
      if lines.first == "$ swift run shelfshell" { return .session }
      let attaches = lines.first?.hasPrefix("$ swift run shelfd") == true || lines.first?.hasPrefix("shelf@") == true || lines.contains { $0.contains("--attach") }
      return attaches ? .attach : .commandsWithoutOutput
    }

    static let prompt = "shelf> "
    static let emptyPrompt = "shelf>"
  }

  /// Every terminal step of the tutorial, in order.
  static func steps() throws -> [Step] {
    let folder = ManualExample.root.appendingPathComponent(ManualCommandLine.tutorialFolder)
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix("-Terminal.txt") }.sorted().map { name in
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if lines.last == "" { lines.removeLast() }
      return Step(name: name, lines: lines)
    }
  }

  @Test func everyShellSessionOfTheTutorialIsWhatItsShellShows() async throws {
    let steps = try Self.steps().filter { $0.kind == .session }
    #expect(steps.count >= 6, "only \(steps.count) of the tutorial's terminal steps run: are they where this test looks?")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tutorial-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(at: folder) }
    for step in steps {
      let screen = try await Self.run(step, in: folder.appendingPathComponent(step.number))
      let expected = step.session.map { $0 + "\n" }.joined()
      let comparison = GoldenComparison(golden: expected, transcript: screen)
      guard !comparison.matches else { continue }
      let diff = comparison.diff(goldenName: step.name, transcriptName: "the terminal")
      let line = ManualExample.firstChangedLine(inDiff: diff).map { step.lines.count - step.lines.drop { $0 == "$ swift run shelfshell" || $0 == "..." }.count + $0 } ?? 1
      Issue.record("\(ManualCommandLine.tutorialFolder)/\(step.name):\(line): the step differs from what its shell shows; edit it by hand:\n\(diff)")
    }
  }

  /// Every terminal step runs here or in `TutorialAttachTests`, but those that show commands
  /// without their output, which this list names.
  @Test func everyStepRunsButThoseWithoutOutput() throws {
    let steps = try Self.steps()
    #expect(steps.filter { $0.kind == .attach }.map(\.number) == ["04-04", "04-05", "04-06", "04-07", "04-09"])
    #expect(steps.filter { $0.kind == .commandsWithoutOutput }.map(\.number) == ["02-03", "02-07", "02-11", "03-09"])
    for step in steps where step.kind == .commandsWithoutOutput {
      #expect(step.lines.allSatisfy { $0.hasPrefix("$ ") }, "\(step.name) shows output: run it")
    }
  }

  @Test func aStepIsReadAsItsSessionAndWhatIsTyped() {
    let step = Step(
      name: "tutorial-09-09-Terminal.txt",
      lines: ["$ swift run shelfshell", "...", "greeting", "shelf> select selectCount", "0", "shelf> ^D", "$ swift run shelfshell --check Scenarios/"])
    #expect(step.number == "09-09" && step.kind == .session)
    #expect(step.session == ["greeting", "shelf> select selectCount", "0", "shelf> ^D"])
    #expect(step.typed == ["select selectCount", "^D"])
    #expect(Step(name: "x", lines: ["$ swift test"]).kind == .commandsWithoutOutput)
    #expect(Step(name: "x", lines: ["$ swift run shelfd", "..."]).kind == .attach)
  }

  /// Builds the step's package in `folder` and types its session into its `shelfshell` in a
  /// terminal there; returns the screen from the greeting on, the rows scrolled off included.
  static func run(_ step: Step, in folder: URL) async throws -> String {
    let package = folder.appendingPathComponent("package")
    try FileManager.default.createDirectory(at: package.appendingPathComponent("Scenarios"), withIntermediateDirectories: true)
    let stage = try TutorialStage(step: step.number)
    for (name, file) in stage.scenarios {
      try FileManager.default.copyItem(at: file, to: package.appendingPathComponent("Scenarios/\(name)"))
    }
    let build = folder.appendingPathComponent("build")
    let home = folder.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: build, withIntermediateDirectories: false)
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    let shell = try await stage.build(in: build).appendingPathComponent("shelfshell")
    // The marker after the shell is the signal that it ended; `cat` holds the pane open to be read.
    let command = "cd \(package.path) && env NO_COLOR=1 HOME=\(home.path) XDG_STATE_HOME=\(home.path) \(shell.path); echo '[ended]'; cat"
    let pane = try await TmuxPane(command, folder: folder, columns: 100, rows: 40)
    do {
      try await pane.wait(for: "the greeting", timeout: .seconds(60)) { $0.contains(Step.emptyPrompt) }
      var prompts = 1
      for line in step.typed {
        if line == "^D" {
          try await pane.press("C-d")
          try await pane.wait(for: "the shell's end", timeout: .seconds(60)) { $0.contains("[ended]") }
        } else {
          try await pane.type(line)
          try await pane.press("Enter")
          prompts += 1
          // A prompt's trailing blank is not on the screen: an empty prompt reads `shelf>`.
          try await pane.wait(for: "prompt \(prompts), after `\(line)`", timeout: .seconds(120), scrollback: true) { screen in
            screen.split(separator: "\n").filter { $0.hasPrefix(Step.emptyPrompt) }.count >= prompts
          }
        }
      }
      let screen = try await pane.screen(scrollback: true)
      await pane.stop()
      var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if let ended = lines.firstIndex(of: "[ended]") { lines = Array(lines[..<ended]) }
      while lines.last == Step.emptyPrompt || lines.last?.isEmpty == true { lines.removeLast() }
      return lines.map { $0 + "\n" }.joined()
    } catch {
      await pane.stop()
      throw error
    }
  }
}
