import Foundation
import ReplShellCommands
import ReplShellDomain
import ReplShellHost
import ReplShellSession
import StateValues

/// `shrink [--save FILE.txt] [--swift FILE.swift] [--force] [invariant P | expect P | break when P | rejects [A] | golden FILE.txt]`:
/// the actions the state has applied shrunk to a minimal sequence that still breaks the property,
/// or a scenario script to the fewest lines that still differ from its golden the same way.
struct ShrinkCommand: ShellCommand {
  static let description = CommandDescription(
    name: "shrink",
    usage: options.usage("shrink", operands: "[<property>]"), group: .testing,
    synopsis: "shrinks the history to the fewest actions that break a property",
    summary: "shrinks the actions the state has applied (a recording opened with `--replay`, a script's, this session's own) to a minimal sequence that still breaks a property: `invariant P` (broken after an action), `expect P` (false at the end), `break when P` (made true), `rejects <action>` (the reducer rejects the action after them with the same error as after them all; `rejects` alone: the last action rejected here or in the recording), or, given none, the session's invariants and breakpoints; `golden FILE.txt` shrinks a scenario script whose golden no longer matches instead, to the fewest lines whose transcript still first differs from the golden at the same command with the same expected and actual line (each try runs the script in a fresh shell; its `use` line stays); drops actions in chunks then one at a time (an action goes with what its listeners dispatched, `why`'s causes), then simplifies payloads, replaying each try through the reducer alone (listeners off, their recorded actions in place) from the history's first state; in a session started with `use <domain> --effects` (or a script that starts so) the steps are instead the dispatches typed and the held effects completed or failed (`complete N`, `fail N`), each try runs the listeners afresh with every effect held, and a race shrinks to the few steps it needs (`rejects` still replays the reducer alone); the session is untouched; prints the shrunk `dispatch` (and `complete N`, `fail N`) lines, the last one's diff and the actual value; a property that holds says so at once; --save FILE.txt writes them as a scenario that fails until the bug is fixed, with its golden; --swift FILE.swift as a Swift Testing test on ReplShellTesting; --force overwrites; on a terminal a progress line shows the actions left and the replays run (Ctrl-C stops with what shrank so far)",
    examples: [
      "shrink invariant {selector} != {value}", "shrink expect {selector} == {value}", "shrink --save bug.txt break when {selector} == {value}", "shrink rejects {actionCall}",
      "shrink --swift BugTests.swift", "shrink --save small.txt golden Scenarios/broken.txt",
    ],
    toolArguments: options.toolArguments + [
      ToolArgument(
        "property",
        "what the actions break, written as its line: `invariant <predicate>`, `expect <predicate>`, `break when <predicate>`, `rejects <action>` (or `rejects` alone for the last action rejected); `golden FILE.txt` for a scenario script whose golden no longer matches; the session's invariants and breakpoints when left out",
        isRequired: false),
    ])
  static let reach = CommandReach.outsideWorld
  static let recordingRole = RecordingRole.omitted

  let property: ShrinkProperty
  let savePath: (path: String, column: Int)?
  let swiftPath: (path: String, column: Int)?
  let force: Bool

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> ShrinkCommand {
    let parsed = try options.parse(arguments)
    return ShrinkCommand(
      property: try ShrinkProperty.parse(parsed.rest), savePath: parsed.word(Option.save).map { ($0.text, $0.column) },
      swiftPath: parsed.word(Option.swift).map { ($0.text, $0.column) }, force: parsed.isSet(Option.force))
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    options.completion(
      for: request,
      operands: { _ in
        if request.words.contains(where: { ["invariant", "expect", "when"].contains($0) }) { return request.selector(in: context.runningSession) }
        if request.words.contains("rejects") { return request.action(in: context.runningSession) }
        if let previous = request.words.last, previous == "golden" { return request.scriptPath(from: context.baseDirectory) }
        return request.offer(["invariant", "expect", "break", "rejects", "golden"] + options.names)
      },
      values: { option in option.name == Option.save.name ? request.scriptPath(from: context.baseDirectory) : nil })
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    if case .golden(let path, _) = property { return try await shrinkGolden(path, in: context) }
    let session = try context.session.require()
    // The files in the way are said before the search, not after it.
    let targets = try plannedFiles(in: context)
    try ScenarioFiles.refuseOverwriting(targets.urls, force: force, overwrite: "add `--force`", column: targets.column)
    let outcome = try await session.open(Shrinking(property: property, progress: context.progress))
    guard let failure = outcome.failure else { return CommandOutput(outcome.lines) }
    var lines = outcome.lines
    if let savePath {
      lines += try await save(outcome, to: savePath, in: context)
    }
    if let swiftPath {
      lines += try await writeSwift(outcome, to: swiftPath, in: context)
    }
    context.events.emit(.output(lines))
    throw CommandError(failure)
  }

  /// Every file `--save` and `--swift` would write, and where the first is typed.
  @MainActor private func plannedFiles(in context: CommandContext) throws(CommandError) -> (urls: [URL], column: Int) {
    var urls: [URL] = []
    if let savePath {
      let script = try context.paths.url(forPath: savePath.path, for: .write, column: savePath.column)
      urls += [script, ScriptRunner.goldenURL(for: script)]
    }
    if let swiftPath { urls.append(try context.paths.url(forPath: swiftPath.path, for: .write, column: swiftPath.column)) }
    return (urls, savePath?.column ?? swiftPath?.column ?? 1)
  }

  /// The scenario that reproduces the shrunk sequence: its lines, and its `use` line with the
  /// listeners off (their actions are dispatched as recorded), or, shrunk with held effects, as
  /// the session started (`--effects`: its `complete N` lines need them held).
  @MainActor private func scenario(_ outcome: ShrinkOutcome, for script: URL, in context: CommandContext, column: Int) throws(CommandError) -> (files: ScenarioFiles, text: String) {
    guard let recording = context.session.recording else { throw CommandError("no session is running: type `use <domain>` first", column: column) }
    var options = recording.options
    // Held effects are written `--effects`, as typed, after the other options.
    options.removeValue(forKey: DomainContext.effectsOption)
    if !outcome.holdsEffects { options[Shell.listenersOption] = "off" }
    let quiet = SessionRecording(domain: recording.domain, options: options, databases: recording.databases)
    let files = try ScenarioFiles(script: script, recording: quiet, column: column)
    let note =
      outcome.holdsEffects
      ? "# shrunk by `shrink` from \(outcome.actionCount) steps to \(outcome.shrunkCount ?? 0), the listeners on and their side effects held: fails until the bug is fixed"
      : "# shrunk by `shrink` from \(outcome.actionCount) actions to \(outcome.shrunkCount ?? 0), the listeners off and their actions in place: fails until the bug is fixed"
    let useLine = outcome.holdsEffects ? files.useLine + " --effects" : files.useLine
    return (files, ([useLine, note] + outcome.scriptLines).joined(separator: "\n") + "\n")
  }

  /// Writes the scenario and its golden, from a fresh run of it.
  @MainActor private func save(_ outcome: ShrinkOutcome, to target: (path: String, column: Int), in context: CommandContext) async throws(CommandError) -> [OutputLine] {
    let script = try context.paths.url(forPath: target.path, for: .write, column: target.column)
    let (files, text) = try scenario(outcome, for: script, in: context, column: target.column)
    try files.write(text, column: target.column)
    let run = await ScriptRunner(domains: context.domains).run(script, displayPath: script.lastPathComponent)
    let golden = ScriptRunner.goldenURL(for: script)
    try ScenarioFiles.writeAtomically(Data(Self.golden(of: run).utf8), to: golden, column: target.column)
    var lines: [OutputLine] = [.note("saved the shrunk sequence as \(target.path) and its golden as \(golden.lastPathComponent)")]
    if let start = files.startNote { lines.append(.note(start)) }
    lines.append(Self.verdict(run, file: target.path, passesOnceFixed: "`\(context.programName) --check \(target.path)`"))
    return lines
  }

  /// A scenario's golden: its fresh run up to the echo of its last line, then `...` for what that
  /// line prints — the failure now, and once the bug is fixed the output that passes — so that
  /// `--check` fails while the bug is there (the script fails) and passes once it is fixed.
  static func golden(of run: ScriptRunner.Outcome) -> String {
    let lastEcho = run.transcript.lastIndex { $0.kind == .echo } ?? (run.transcript.count - 1)
    let kept = run.transcript.prefix(through: max(lastEcho, -1)).map(\.text)
    return (kept + [GoldenComparison.linesWildcard]).joined(separator: "\n") + "\n"
  }

  /// Whether the fresh run failed as the shrunk sequence does: a saved scenario that passes does
  /// not reproduce the bug (the recording started from an app's state a fresh session does not have).
  static func verdict(_ run: ScriptRunner.Outcome, file: String, passesOnceFixed: String) -> OutputLine {
    if run.succeeded {
      return .error(
        "the fresh run of \(file) passes: it does not reproduce what broke here (the recording starts from a state a fresh `use` does not: an app's flight-recorder log rotated, or set up by its listeners)")
    }
    return .note("the fresh run of \(file) fails as it should until the bug is fixed: \(passesOnceFixed) passes once it is")
  }

  /// Writes the Swift Testing test: the scenario and its golden in one test on `ReplShellTesting`,
  /// for the app's test target.
  @MainActor private func writeSwift(_ outcome: ShrinkOutcome, to target: (path: String, column: Int), in context: CommandContext) async throws(CommandError) -> [OutputLine] {
    let url = try context.paths.url(forPath: target.path, for: .write, column: target.column)
    let name = url.deletingPathExtension().lastPathComponent
    let (_, text) = try scenario(outcome, for: url.deletingPathExtension().appendingPathExtension("txt"), in: context, column: target.column)
    let run = await ScriptRunner(domains: context.domains).run(text: text, name: name + ".txt", baseDirectory: url.deletingLastPathComponent())
    let domain = context.session.recording?.domain ?? "domain"
    let module = context.domains.first { $0.name == domain }?.module ?? ""
    let source = SwiftTestSource(testName: name, domain: domain, module: module, script: text, golden: Self.golden(of: run), summary: outcome.failure ?? "").text
    try ScenarioFiles.writeAtomically(Data(source.utf8), to: url, column: target.column)
    return [.note("wrote the shrunk sequence as a Swift Testing test to \(target.path): add it to the app's test target, which imports ReplShellTesting"), Self.verdict(run, file: target.path, passesOnceFixed: "the test")]
  }

  /// `shrink golden FILE.txt`: the script shrunk against its golden; `--save` writes the shrunk
  /// script with a golden that expects the old golden's output of its last line, `--swift` the
  /// same as a Swift Testing test.
  @MainActor private func shrinkGolden(_ path: String, in context: CommandContext) async throws(CommandError) -> CommandOutput {
    let targets = try plannedFiles(in: context)
    try ScenarioFiles.refuseOverwriting(targets.urls, force: force, overwrite: "add `--force`", column: targets.column)
    let shrink = GoldenShrink(domains: context.domains, script: try context.paths.url(forPath: path, for: .read, column: 1), displayPath: path)
    let result = try await shrink.shrink(progress: context.progress)
    guard let failure = result.outcome.failure else { return CommandOutput(result.outcome.lines) }
    var lines = result.outcome.lines
    var scriptLines = GoldenShrink.lines(of: result.scriptText)
    let note = "# shrunk by `shrink golden` from \(path) (\(result.outcome.actionCount) lines before the one that differs, \(result.outcome.shrunkCount ?? 0) kept): the golden expects the old output of the last line, so `--check` fails until the bug is fixed"
    scriptLines.insert(note, at: scriptLines.first?.hasPrefix("use ") == true ? 1 : 0)
    let text = scriptLines.joined(separator: "\n") + "\n"
    if let savePath {
      let url = try context.paths.url(forPath: savePath.path, for: .write, column: savePath.column)
      let run = await ScriptRunner(domains: context.domains).run(text: text, name: url.lastPathComponent, baseDirectory: url.deletingLastPathComponent())
      let golden = Self.golden(of: run, expecting: result.expectedBlock)
      try ScenarioFiles.writeAll([(url, Data(text.utf8)), (ScriptRunner.goldenURL(for: url), Data(golden.utf8))], column: savePath.column)
      lines.append(.note("saved the shrunk script as \(savePath.path) and its golden as \(ScriptRunner.goldenURL(for: url).lastPathComponent)"))
      lines.append(Self.goldenVerdict(run, golden: golden, file: savePath.path, passesOnceFixed: "`\(context.programName) --check \(savePath.path)`"))
    }
    if let swiftPath {
      let url = try context.paths.url(forPath: swiftPath.path, for: .write, column: swiftPath.column)
      let name = url.deletingPathExtension().lastPathComponent
      let run = await ScriptRunner(domains: context.domains).run(text: text, name: name + ".txt", baseDirectory: url.deletingLastPathComponent())
      let golden = Self.golden(of: run, expecting: result.expectedBlock)
      let domain = scriptLines.first.flatMap { $0.hasPrefix("use ") ? $0.split(separator: " ").dropFirst().first.map(String.init) : nil } ?? "domain"
      let module = context.domains.first { $0.name == domain }?.module ?? ""
      let source = SwiftTestSource(testName: name, domain: domain, module: module, script: text, golden: golden, summary: failure).text
      try ScenarioFiles.writeAtomically(Data(source.utf8), to: url, column: swiftPath.column)
      lines.append(.note("wrote the shrunk script as a Swift Testing test to \(swiftPath.path): add it to the app's test target, which imports ReplShellTesting"))
      lines.append(Self.goldenVerdict(run, golden: golden, file: swiftPath.path, passesOnceFixed: "the test"))
    }
    context.events.emit(.output(lines))
    throw CommandError(failure)
  }

  /// The golden of a shrunk script: its fresh run up to the echo of its `use` line, `...` for what
  /// the lines before the last print (the fix may change them), the last line's echo, then what
  /// the old golden expected it to print — so `--check` checks that line alone.
  static func golden(of run: ScriptRunner.Outcome, expecting block: [String]) -> String {
    let echoes = run.transcript.indices.filter { run.transcript[$0].kind == .echo }
    guard let first = echoes.first, let last = echoes.last, first < last else {
      return (run.transcript.map(\.text) + block).joined(separator: "\n") + "\n"
    }
    let head = run.transcript.prefix(through: first).map(\.text)
    return (head + [GoldenComparison.linesWildcard, run.transcript[last].text] + block).joined(separator: "\n") + "\n"
  }

  /// Whether the fresh run of a shrunk script differs from its golden, as it should until the bug is fixed.
  static func goldenVerdict(_ run: ScriptRunner.Outcome, golden: String, file: String, passesOnceFixed: String) -> OutputLine {
    if GoldenComparison(golden: golden, transcript: run.text).matches {
      return .error("the fresh run of \(file) matches its golden: it does not reproduce the difference (the script needs a line shrinking left out)")
    }
    return .note("the fresh run of \(file) differs from its golden as it should until the bug is fixed: \(passesOnceFixed) passes once it is")
  }
}

extension ShrinkCommand {
  /// The options `shrink` takes, before the property.
  static let options = CommandOptions([Option.save, Option.swift, Option.force])

  /// Each option of `shrink`.
  enum Option {
    static let save = CommandOption(
      "--save", .file(ending: ".txt", reason: "scenario scripts end in `.txt`, so that `--check` finds them"), placeholder: "FILE.txt",
      example: "bug.txt", tool: "save", inUsage: false, "a file ending in `.txt`: the shrunk sequence saved as a scenario, with its golden")
    static let swift = CommandOption(
      "--swift", .file(ending: ".swift", reason: "a Swift test file ends in `.swift`"), placeholder: "FILE.swift", example: "bug.swift",
      tool: "swift", inUsage: false, "a file ending in `.swift`: the shrunk sequence as a Swift Testing test")
    static let force = CommandOption("--force", tool: "force", inUsage: false, "overwrite the files `save` and `swift` name")
  }
}
