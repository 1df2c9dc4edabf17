import Foundation
import ReplShellFoundation

/// `explore [--runs N] [--steps N] [--seed N] [--time 10s] [--only PATTERN]… [--skip PATTERN]…
/// [--jobs N] [--shard K/N] [--save FILE]`: generated action sequences against the invariants.
struct ExploreCommand: ShellCommand {
  static let description = CommandDescription(
    name: "explore",
    usage: "explore [--runs N] [--steps N] [--seed N] [options]", group: .exploring,
    synopsis: "runs generated action sequences against the invariants",
    summary: "runs generated action sequences from the current state through the reducer, alone unless --effects (no listeners, no side effects), with the session's state untouched and nothing written but `--save`'s file, checking every invariant after each action; shrinks a failure to paste-back `dispatch` lines and prints the coverage of each action case; options: --runs N (100), --steps N (50), --seed N (drawn and printed when not given), --time 10s (stop starting runs after it), --only PATTERN and --skip PATTERN (action patterns, see `help patterns`; repeatable), --jobs N (cores; same report for any N), --shard K/N (the runs K−1 modulo N), --save FILE.txt (a failure as a scenario that reproduces it; --force overwrites an existing one), --effects (run the listeners too, every side effect held and completed, reordered or failed as the seed decides; dispatches only the cases a person does; see README, \"Races\")",
    examples: ["explore", "explore --runs 500 --steps 100 --seed 7", "explore --only {pattern}", "explore --seed 7 --save found.txt"],
    toolArguments: [
      ToolArgument("runs", "how many runs (100 when left out)", isRequired: false, kind: .numberOption("--runs")),
      ToolArgument("steps", "the most actions a run has (50 when left out)", isRequired: false, kind: .numberOption("--steps")),
      ToolArgument("seed", "the seed, to repeat a report (drawn and printed when left out)", isRequired: false, kind: .numberOption("--seed")),
      ToolArgument("time", "stop starting runs after this long, e.g. `10s`", isRequired: false, kind: .textOption("--time")),
      ToolArgument("only", "an action pattern: explore only the cases it matches", isRequired: false, kind: .textOption("--only")),
      ToolArgument("skip", "an action pattern: leave out the cases it matches", isRequired: false, kind: .textOption("--skip")),
      ToolArgument("jobs", "cores to use; the report is the same for any number", isRequired: false, kind: .numberOption("--jobs")),
      ToolArgument("save", "a file ending in `.txt`: a failure saved as a scenario that reproduces it", isRequired: false, kind: .textOption("--save")),
      .flag("force", "--force", "overwrite the file `save` names"),
      .flag("effects", "--effects", "run the listeners too, their side effects held and completed, reordered or failed as the seed decides"),
    ])
  static let reach = CommandReach.outsideWorld
  static let recordingRole = RecordingRole.omitted

  /// What was asked.
  let options: ExploreOptions
  /// Where `--save`'s path is, for errors.
  let saveColumn: Int

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> ExploreCommand {
    var options = ExploreOptions()
    var saveColumn = arguments.column
    var words = try arguments.words()[...]
    while let flag = words.popFirst() {
      if flag.text == "--force" {
        options.overwrites = true
        continue
      }
      if flag.text == "--effects" {
        options.effects = true
        continue
      }
      guard let value = words.popFirst() else {
        let known = ["--runs", "--steps", "--seed", "--time", "--only", "--skip", "--jobs", "--shard", "--save", "--force", "--effects"]
        let hint = known.contains(flag.text) ? "\(flag.text) needs a value" : "unknown option `\(flag.text.truncatedForMessage)`: explore takes \(known.joined(separator: ", "))"
        throw CommandError(hint, column: flag.column)
      }
      switch flag.text {
      case "--runs": options.runs = try positive(value, flag.text)
      case "--steps": options.steps = try positive(value, flag.text)
      case "--jobs": options.jobs = try positive(value, flag.text)
      case "--seed":
        guard let seed = UInt64(value.text) else { throw CommandError("--seed takes a whole number ≥ 0, e.g. `--seed 7`", column: value.column) }
        options.seed = seed
      case "--time": options.timeLimit = try duration(value)
      case "--only": options.only.append(value.text.hasPrefix(".") ? String(value.text.dropFirst()) : value.text)
      case "--skip": options.skip.append(value.text.hasPrefix(".") ? String(value.text.dropFirst()) : value.text)
      case "--shard": options.shard = try shard(value)
      case "--save":
        guard value.text.hasSuffix(".txt"), value.text.count > 4 else {
          throw CommandError("scenario scripts end in `.txt`, so that `--check` finds them: try `--save \(value.text.truncatedForMessage).txt`", column: value.column)
        }
        options.savePath = value.text
        saveColumn = value.column
      default:
        let suggestions = Suggestions.closest(to: flag.text, among: ["--runs", "--steps", "--seed", "--time", "--only", "--skip", "--jobs", "--shard", "--save", "--force", "--effects"])
        let hint = suggestions.isEmpty ? "type `help explore`" : "did you mean \(suggestions.map { "`\($0)`" }.joined(separator: " or "))?"
        throw CommandError("unknown option `\(flag.text.truncatedForMessage)`: \(hint)", column: flag.column)
      }
    }
    return ExploreCommand(options: options, saveColumn: saveColumn)
  }

  private static func positive(_ word: ShellWords.Word, _ flag: String) throws(CommandError) -> Int {
    guard let number = Int(word.text), number > 0 else { throw CommandError("\(flag) takes a whole number > 0, e.g. `\(flag) 100`", column: word.column) }
    return number
  }

  private static func duration(_ word: ShellWords.Word) throws(CommandError) -> Duration {
    if let duration = DurationText.parse(word.text, bareSeconds: false) { return duration }
    throw CommandError("--time takes a duration such as `10s`, `500ms` or `2m`", column: word.column)
  }

  private static func shard(_ word: ShellWords.Word) throws(CommandError) -> (index: Int, count: Int) {
    let parts = word.text.split(separator: "/")
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count > 0, (1...count).contains(index) else {
      throw CommandError("--shard takes K/N with 1 ≤ K ≤ N, e.g. `--shard 1/4`", column: word.column)
    }
    return (index, count)
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    if let previous = request.words.last, ["--only", "--skip"].contains(previous) {
      return request.offer(context.runningSession?.catalog.patternNames ?? [])
    }
    return request.offer(["--runs", "--steps", "--seed", "--time", "--only", "--skip", "--jobs", "--shard", "--save", "--force", "--effects"])
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    let session = try context.session.require()
    // A file in the way is said before the runs, not after them.
    if let path = options.savePath, let recording = context.session.recording {
      let files = try ScenarioFiles(script: try context.paths.url(forPath: path, for: .write, column: saveColumn), recording: recording, column: saveColumn)
      try files.refuseReplacingOpenFiles(files.targets(with: []), column: saveColumn)
      try ScenarioFiles.refuseOverwriting(files.targets(with: []), force: options.overwrites, overwrite: "add `--force`", column: saveColumn)
    }
    let outcome = try await session.open(Exploration(options: options, progress: context.progress))
    var lines = outcome.lines
    if let path = options.savePath, let failure = outcome.failure {
      lines.append(.note(try save(outcome, to: path, in: context, session: session)))
      context.events.emit(.output(lines))
      throw CommandError(failure)
    }
    if let failure = outcome.failure {
      context.events.emit(.output(lines))
      throw CommandError(failure)
    }
    return CommandOutput(lines)
  }

  /// Writes the scenario that reproduces the failure: the `use` line, the session's set-up, the
  /// shrunk dispatches and the `expect` of the broken invariant, which fails until the bug is fixed.
  @MainActor private func save(_ outcome: ExploreOutcome, to path: String, in context: CommandContext, session: any AnyDomainSession) throws(CommandError) -> String {
    guard var recording = context.session.recording, let expect = outcome.expectLine else { return "nothing to save" }
    let setUp = recording.script(applied: session.read(HistoryPositionReader()).applied).map(\.text).filter { !$0.hasPrefix("invariant") }
    // Found with held effects, the scenario holds them too, so that its `complete N` lines apply.
    let addsEffects = outcome.holdsEffects && recording.options[DomainContext.effectsOption] == nil
    if addsEffects {
      recording = try heldEffectsRecording(of: recording, session: session, in: context)
    }
    let files = try ScenarioFiles(script: try context.paths.url(forPath: path, for: .write, column: saveColumn), recording: recording, column: saveColumn)
    try files.refuseReplacingOpenFiles(files.targets(with: []), column: saveColumn)
    try ScenarioFiles.refuseOverwriting(files.targets(with: []), force: options.overwrites, overwrite: "add `--force`", column: saveColumn)
    let useLine = addsEffects ? files.useLine + " --effects" : files.useLine
    let found = "# found by explore\(outcome.holdsEffects ? " --effects" : "") --seed \(outcome.seed); fails until the bug is fixed"
    let lines = [useLine] + setUp + [found] + outcome.dispatchLines + [expect]
    try files.write(lines.joined(separator: "\n") + "\n", column: saveColumn)
    return "saved the failure as \(path): `\(context.programName) --script \(path)` reproduces it"
  }

  /// The recording a scenario found with held effects starts from when the session ran its
  /// effects freely: its `use` line without the options held effects do not use (a database, a
  /// server, a feed: the runs never touched them). A session whose history is not empty is
  /// refused: its set-up ran with its effects free and would not replay the same with them held.
  @MainActor private func heldEffectsRecording(
    of recording: SessionRecording, session: any AnyDomainSession, in context: CommandContext
  ) throws(CommandError) -> SessionRecording {
    guard session.read(HistoryPositionReader()).count == 0 else {
      throw CommandError(
        "cannot save what explore --effects found here: this session ran its side effects freely, so its set-up would not replay the same "
          + "with them held; start with `use \(recording.domain) --effects`, set it up again (`complete N` lets each effect finish), then explore --effects --save",
        column: saveColumn)
    }
    let used = context.domains.first { $0.name == recording.domain }?.effectsOptions ?? []
    return SessionRecording(domain: recording.domain, options: recording.options.filter { used.contains($0.key) })
  }
}
