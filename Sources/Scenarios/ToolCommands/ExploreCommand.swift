import Foundation
import ReplShellCommands
import ReplShellDomain
import ReplShellFoundation
import ReplShellSession
import SessionProtocol
import StateValues

/// `explore [--runs N] [--steps N] [--seed N] [--time 10s] [--only PATTERN]… [--skip PATTERN]…
/// [--jobs N] [--shard K/N] [--save FILE] [--effects] [--guided [--corpus DIR]] …`: generated action sequences against the invariants.
struct ExploreCommand: ShellCommand {
  static let description = CommandDescription(
    name: "explore",
    usage: options.usage("explore"), group: .exploring,
    synopsis: "runs generated action sequences against the invariants",
    summary: "runs generated action sequences from the current state through the reducer, alone unless --effects (no listeners, no side effects), with the session's state untouched and nothing written but `--save`'s file and `--corpus`'s, checking every invariant after each action; shrinks a failure to paste-back `dispatch` lines and prints the coverage of each action case; options: --runs N (100), --steps N (50), --seed N (drawn and printed when not given), --time 10s (stop starting runs after it), --only PATTERN and --skip PATTERN (action patterns, see `help patterns`; repeatable), --jobs N (cores; same report for any N), --shard K/N (the runs K−1 modulo N), --save FILE.txt (a failure as a scenario that reproduces it; --force overwrites an existing one), --effects (run the listeners too, every side effect held and completed, reordered or failed as the seed decides; dispatches only the cases a person does; see README, \"Races\"), --guided (coverage-guided: runs that take a new transition between abstract states are kept and changed by later runs; with --effects, a held effect completed or failed in a new one counts, so new interleavings are kept; --corpus DIR, without --effects, keeps them in the folder's `explore.corpus` as `dispatch` lines, and a later --guided --corpus DIR starts from them), --cover \"5% PREDICATE\" and --cover-runs \"5% PREDICATE\" (coverage requirements, repeatable: fail when the predicate surely holds after fewer of the steps, or in fewer of the runs); after the table, the abstract states entered (enum cases, Bools, counts in buckets) and the transitions between them (--abstract SELECTOR, repeatable: the selectors' outputs make the abstract state instead); --against REV compares with another revision instead of checking invariants (each run through this reducer and REV's, a git revision of this package built once in a cache of the shell's own under ~/.cache, or another shell binary; two runs of REV first find the noise to leave out; the first divergence is shrunk and shown as both states' diff; --allow-change PATH, repeatable, allows divergences only there; --history compares the session's own history from its start instead of generated runs; --bisect names the first commit after REV that shows it; --save keeps it as a scenario whose golden REV writes); `--format json` and MCP carry the whole report as data too",
    examples: ["explore", "explore --runs 500 --steps 100 --seed 7", "explore --only {pattern}", "explore --seed 7 --save found.txt", "explore --guided --runs 2000", "explore --guided --corpus corpus", "explore --cover \"5% {selector} == {value}\"", "explore --against main", "explore --against main --bisect"],
    toolArguments: options.toolArguments)
  static let reach = CommandReach.outsideWorld
  static let recordingRole = RecordingRole.omitted

  /// What was asked.
  let asked: ExploreOptions
  /// Where `--save`'s path is, for errors.
  let saveColumn: Int
  /// The folder `--corpus` names, as typed, and where it is on the line.
  var corpusFolder: (path: String, column: Int)?

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> ExploreCommand {
    let parsed = try options.parseOnly(arguments)
    var asked = ExploreOptions()
    asked.runs = parsed.number(Option.runs) ?? asked.runs
    asked.steps = parsed.number(Option.steps) ?? asked.steps
    asked.jobs = parsed.number(Option.jobs) ?? asked.jobs
    asked.seed = parsed.unsigned(Option.seed)
    asked.timeLimit = parsed.duration(Option.time)
    // A pattern may be written as the case is, with its leading dot.
    asked.only = parsed.words(Option.only).map { $0.text.hasPrefix(".") ? String($0.text.dropFirst()) : $0.text }
    asked.skip = parsed.words(Option.skip).map { $0.text.hasPrefix(".") ? String($0.text.dropFirst()) : $0.text }
    if let shard = parsed.word(Option.shard) { asked.shard = try Self.shard(shard) }
    let save = parsed.word(Option.save)
    asked.savePath = save?.text
    asked.overwrites = parsed.isSet(Option.force)
    asked.effects = parsed.isSet(Option.effects)
    asked.guided = parsed.isSet(Option.guided)
    for word in parsed.words(Option.cover) {
      asked.requirements.append(try CoverageRequirement.parse(word.text, column: word.column, unit: .steps))
    }
    asked.abstraction = parsed.words(Option.abstract).map(\.text)
    for word in parsed.words(Option.coverRuns) {
      asked.requirements.append(try CoverageRequirement.parse(word.text, column: word.column, unit: .runs))
    }
    if let revision = parsed.word(Option.against) {
      var against = AgainstOptions(revision: revision.text, column: revision.column)
      for word in parsed.words(Option.allowChange) {
        against.allowed.append(try StatePath(parsing: word.text, column: word.column))
      }
      against.bisects = parsed.isSet(Option.bisect)
      against.comparesHistory = parsed.isSet(Option.history)
      let apart: [(CommandOption, Bool)] = [
        (Option.effects, asked.effects), (Option.guided, asked.guided), (Option.corpus, parsed.word(Option.corpus) != nil),
        (Option.cover, !parsed.words(Option.cover).isEmpty), (Option.coverRuns, !parsed.words(Option.coverRuns).isEmpty),
        (Option.abstract, !asked.abstraction.isEmpty),
      ]
      if let (option, _) = apart.first(where: { $0.1 }) {
        throw CommandError(
          "--against compares the reducer alone, run after run, with another revision's: leave out \(option.name), or run it in an explore of its own",
          column: revision.column)
      }
      asked.against = against
    } else if let word = parsed.words(Option.allowChange).first {
      throw CommandError("--allow-change names what another revision may differ in: add `--against REV`", column: word.column)
    } else if parsed.isSet(Option.history) {
      throw CommandError("--history compares this session's history with another revision's reducer: add `--against REV`", column: arguments.column)
    } else if parsed.isSet(Option.bisect) {
      throw CommandError("--bisect names the commit where a divergence from another revision starts: add `--against REV`", column: arguments.column)
    }
    let corpus = parsed.word(Option.corpus)
    if let corpus, !asked.guided {
      throw CommandError("--corpus keeps the corpus of guided runs: add --guided", column: corpus.column)
    }
    if let corpus, asked.effects {
      throw CommandError(corpusWithEffects, column: corpus.column)
    }
    return ExploreCommand(asked: asked, saveColumn: save?.column ?? arguments.column, corpusFolder: corpus.map { ($0.text, $0.column) })
  }

  /// Why `--corpus` and `--effects` do not go together, and what to type instead: a corpus holds
  /// actions alone, and a step that completes a held effect names it by the run that made it.
  static var corpusWithEffects: String {
    "--corpus keeps the actions of guided runs of the reducer alone, not the effects --effects completes: "
      + "`explore --guided --effects` starts from an empty corpus each time (a --seed repeats it), or leave out --effects to keep one"
  }

  private static func shard(_ word: ShellWords.Word) throws(CommandError) -> (index: Int, count: Int) {
    let parts = word.text.split(separator: "/")
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count > 0, (1...count).contains(index) else {
      throw CommandError("--shard takes K/N with 1 ≤ K ≤ N, e.g. `--shard 1/4`", column: word.column)
    }
    return (index, count)
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    options.completion(for: request, values: { option in
      switch option.name {
      case Option.only.name, Option.skip.name: request.offer(context.runningSession?.catalog.patternNames ?? [])
      case Option.abstract.name: request.selector(in: context.runningSession)
      case Option.save.name, Option.corpus.name: request.scriptPath(from: context.baseDirectory)
      default: nil
      }
    })
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    let session = try context.session.require()
    if let against = asked.against {
      return try await runAgainst(against, in: context, session: session)
    }
    // A file in the way is said before the runs, not after them.
    if let path = asked.savePath, let recording = context.session.recording {
      let files = try ScenarioFiles(script: try context.paths.url(forPath: path, for: .write, column: saveColumn), recording: recording, column: saveColumn)
      try files.refuseReplacingOpenFiles(files.targets(with: []), column: saveColumn)
      try ScenarioFiles.refuseOverwriting(files.targets(with: []), force: asked.overwrites, overwrite: "add `--force`", column: saveColumn)
    }
    // The corpus folder is checked, and its corpus read, before the runs.
    var corpus: (folder: String, read: ExploreCorpus)?
    if let corpusFolder {
      let folder = try context.paths.url(forPath: corpusFolder.path, for: .write, column: corpusFolder.column).path
      do {
        try context.paths.reach.prepareFolder(folder, shownAs: corpusFolder.path)
      } catch {
        throw CommandError("cannot keep the corpus: \(error.description)", column: corpusFolder.column)
      }
      let read = try ExploreCorpus.read(folder: folder, shownAs: corpusFolder.path, reach: context.paths.reach, column: corpusFolder.column)
      corpus = (folder, read)
    }
    let outcome = try await session.open(Exploration(options: asked, corpus: corpus?.read, progress: context.progress))
    var lines = outcome.lines
    if let corpus, let corpusFolder, let entries = outcome.corpus {
      try ExploreCorpus.write(
        entries, domain: session.domainName, folder: corpus.folder, shownAs: corpusFolder.path, reach: context.paths.reach,
        column: corpusFolder.column)
      let read = corpus.read.entries.count
      lines.append(.note("corpus: started from \(read) entr\(read == 1 ? "y" : "ies") of \(corpus.read.name), saved \(entries.count) there"))
    }
    if let path = asked.savePath, outcome.failure != nil {
      lines.append(.note(try save(outcome, to: path, in: context, session: session)))
    }
    // The lines with the report as data: emitted here, not returned, so that a failure carries it too.
    if let report = outcome.report {
      context.events.emit(.report(ReportEvent(tool: .explore, lines: lines, value: report)))
    } else {
      context.events.emit(.output(lines))
    }
    if let failure = outcome.failure {
      throw CommandError(failure)
    }
    return CommandOutput([])
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
    try ScenarioFiles.refuseOverwriting(files.targets(with: []), force: asked.overwrites, overwrite: "add `--force`", column: saveColumn)
    let useLine = addsEffects ? files.useLine + " --effects" : files.useLine
    // The options that chose the runs, so that the comment repeats them: a guided run differs from a uniform one of the seed.
    let chosenBy = (asked.guided ? " --guided" : "") + (outcome.holdsEffects ? " --effects" : "")
    let found = "# found by explore\(chosenBy) --seed \(outcome.seed); fails until the bug is fixed"
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

extension ExploreCommand {
  /// The options `explore` takes; an unknown one is said as explore always said it.
  static let options: CommandOptions = CommandOptions(
    [
      Option.runs, Option.steps, Option.seed, Option.time, Option.only, Option.skip, Option.jobs, Option.shard, Option.save, Option.force, Option.effects,
      Option.guided, Option.corpus, Option.cover, Option.coverRuns, Option.abstract, Option.against, Option.allowChange, Option.bisect, Option.history,
    ],
    unknownOption: { typed, commandWord in
      let suggestions = Suggestions.closest(to: typed, among: options.names)
      let hint =
        suggestions.isEmpty
        ? "\(commandWord) takes \(options.names.joined(separator: ", "))" : "did you mean \(suggestions.map { "`\($0)`" }.joined(separator: " or "))?"
      return "unknown option `\(typed.truncatedForMessage)`: \(hint)"
    })

  /// Each option of `explore`.
  enum Option {
    static let against = CommandOption(
      "--against", .text(noun: "a revision or a shell binary"), placeholder: "REV", example: "main", tool: "against", inUsage: false,
      "compare with another revision: each run's actions through this reducer and REV's (a git revision of this package, built once in a cache of the shell's own under ~/.cache, or another shell binary), the first divergence shrunk")
    static let allowChange = CommandOption(
      "--allow-change", .text(noun: "a state path"), placeholder: "PATH", example: "value", tool: "allowChange", inUsage: false, repeatable: true,
      "with --against, a state path the new revision is meant to change: a divergence only there is allowed")
    static let history = CommandOption(
      "--history", tool: "history", inUsage: false,
      "with --against, compare this session's own history from its start (the actions it applied) instead of generated runs")
    static let bisect = CommandOption(
      "--bisect", tool: "bisect", inUsage: false, "with --against REV, build the commits between REV and HEAD and name the first that shows the divergence")
    static let runs = CommandOption("--runs", .number(minimum: 1), placeholder: "N", example: "100", tool: "runs", "how many runs (100 when left out)")
    static let steps = CommandOption(
      "--steps", .number(minimum: 1), placeholder: "N", example: "100", tool: "steps", "the most actions a run has (50 when left out)")
    static let seed = CommandOption(
      "--seed", .unsigned, placeholder: "N", example: "7", tool: "seed", "the seed, to repeat a report (drawn and printed when left out)")
    static let time = CommandOption(
      "--time", .duration, placeholder: "10s", example: "10s", tool: "time", inUsage: false, "stop starting runs after this long, e.g. `10s`")
    static let only = CommandOption(
      "--only", .text(noun: "an action pattern"), placeholder: "PATTERN", example: "didTap", tool: "only", inUsage: false, repeatable: true,
      "an action pattern: explore only the cases it matches")
    static let skip = CommandOption(
      "--skip", .text(noun: "an action pattern"), placeholder: "PATTERN", example: "didTap", tool: "skip", inUsage: false, repeatable: true,
      "an action pattern: leave out the cases it matches")
    static let jobs = CommandOption(
      "--jobs", .number(minimum: 1), placeholder: "N", example: "4", tool: "jobs", inUsage: false, "cores to use; the report is the same for any number")
    static let shard = CommandOption(
      "--shard", .text(noun: "a shard"), placeholder: "K/N", example: "1/4", inUsage: false, "only the runs whose index is K−1 modulo N")
    static let save = CommandOption(
      "--save", .file(ending: ".txt", reason: "scenario scripts end in `.txt`, so that `--check` finds them"), placeholder: "FILE.txt",
      example: "found.txt", tool: "save", inUsage: false, "a file ending in `.txt`: a failure saved as a scenario that reproduces it")
    static let force = CommandOption("--force", tool: "force", inUsage: false, "overwrite the file `save` names")
    static let effects = CommandOption(
      "--effects", tool: "effects", inUsage: false,
      "run the listeners too, their side effects held and completed, reordered or failed as the seed decides")
    static let guided = CommandOption(
      "--guided", tool: "guided", inUsage: false,
      "coverage-guided runs: keep the runs that take a new transition between abstract states (with --effects, a held effect completed or failed in a new one too), and start later runs from them, changed")
    static let corpus = CommandOption(
      "--corpus", .text(noun: "a folder"), placeholder: "DIR", example: "corpus", tool: "corpus", inUsage: false,
      "with --guided and without --effects, a folder to keep the corpus in (`explore.corpus`, as `dispatch` lines): the runs start from it, and leave it as they end")
    static let cover = CommandOption(
      "--cover", .text(noun: "a share and a predicate"), placeholder: "\"5% PREDICATE\"", example: "\"5% selectValue > 2\"", tool: "cover",
      inUsage: false, repeatable: true,
      "a coverage requirement: the predicate holds after at least this share of the accepted steps, or the explore fails")
    static let abstract = CommandOption(
      "--abstract", .text(noun: "a selector"), placeholder: "SELECTOR", example: "selectValue", tool: "abstract", inUsage: false,
      repeatable: true, "a selector whose output (its enum case, Bool, or count in buckets) makes the abstract state, instead of the state's own fields")
    static let coverRuns = CommandOption(
      "--cover-runs", .text(noun: "a share and a predicate"), placeholder: "\"5% PREDICATE\"", example: "\"5% selectValue > 2\"",
      tool: "coverRuns", inUsage: false, repeatable: true,
      "a coverage requirement: the predicate holds after some step of at least this share of the runs, or the explore fails")
  }
}
