import Foundation
import Logging
import ReplShellCommands
import ReplShellDomain
import ReplShellFoundation
import ReplShellSession
import StateValues

/// `explore`: runs generated actions through the reducer (with `--effects`, with the listeners
/// and their side effects held) from the session's state, checking its invariants and breakpoints.
@MainActor struct SessionExplorer<State: Sendable, Action: Decodable & Equatable & Sendable>: WorksOnSessionParts {
  /// The store (its state is where the runs start), the invariants and breakpoints the runs
  /// check, the listeners' side effects for `--effects`, the reducer and how actions are written.
  let parts: SessionParts<State, Action>

  /// An explorer over the components of `session`.
  init(_ session: DomainSession<State, Action>) {
    parts = SessionParts(session)
  }

  /// Runs the explore `options` ask for; with `--guided`, from `corpus` (`--corpus`) when it is given.
  func explore(_ options: ExploreOptions, corpus: ExploreCorpus? = nil, progress: ProgressReporter?) async throws(CommandError) -> ExploreOutcome {
    if corpus != nil, options.effects {
      throw CommandError(ExploreCommand.corpusWithEffects)
    }
    var effects: DomainEffects<State, Action>?
    if options.effects {
      guard let domainEffects else {
        throw CommandError("\(domainName) cannot hold its side effects: its registration gives no `effects:` (see README, \"Races\"); plain `explore` runs its reducer alone")
      }
      effects = domainEffects
    }
    let enabled = try exploredCases(options, userActions: effects?.userActions ?? [])
    let seed = options.seed ?? UInt64.random(in: 0..<1_000_000_000)
    let start = store.select { $0 }
    let catalog = self.catalog
    // The state's leaves seed the generated payloads; a state that cannot be read as values
    // leaves the action examples alone to seed them, and says so.
    let stateValue: Value?
    do throws(CommandError) {
      stateValue = try ValueEncoder.encodeForShell(start)
    } catch {
      stateValue = nil
      events.emit(.note("explore: the state's values seed no payloads (\(error.message)); the action examples do"))
    }
    // A breakpoint is a finding when a run makes its predicate true: explored as the invariant that
    // it stays false, from a start where it is false (a true one must first go false to cross).
    let breaks = breakpoints.all.filter { !$0.condition.holds(start) }
    var requirements: [@Sendable (State) -> Bool] = []
    for requirement in options.requirements {
      requirements.append(try makeInvariant(requirement.predicate).holds)
    }
    var abstraction: StateAbstraction<State>?
    if !options.abstraction.isEmpty {
      var selectors: [(name: String, evaluate: @Sendable (State) -> Value?)] = []
      for text in options.abstraction {
        var parser = try ValueParser(text, startColumn: 1)
        let call = try parser.parseSelectorCall()
        try parser.expectEnd()
        let prepared = try checks.prepare(call)
        // An output that cannot be read as values is the leaf `?`.
        selectors.append((text, { state in
          do throws(CommandError) { return try prepared.evaluate(state).value } catch { return nil }
        }))
      }
      abstraction = StateAbstraction(selectors: selectors)
    }
    let engine = ExploreEngine(
      start: start, reducer: reducer, statesDiffer: statesDiffer, invariants: invariants.all + breaks.map(\.negatedForExplore),
      catalog: catalog, enabled: enabled,
      pool: LeafPool(catalog: catalog, state: stateValue),
      decode: { payload in PayloadParsing.action(payload, catalog: catalog) },
      requirements: requirements, abstraction: abstraction)
    if let effects {
      // The runs' listeners start in a lane; the explore itself stays out of it, or its own
      // turns would count as the listeners' work.
      let lane = MainSerialExecution.openLane()
      defer { MainSerialExecution.close(lane) }
      return try await exploreWithEffects(
        options, effects: effects, engine: engine, enabled: enabled, seed: seed, breaks: breaks, lane: lane, progress: progress)
    }
    let seeds = try corpus.map { corpus throws(CommandError) in try self.steps(of: corpus, enabled: Set(enabled)) } ?? []
    ExploreTrapWatch.arm?(
      "\nreplshell: the \(domainName) reducer trapped during `explore` (seed \(seed)), which ends the shell; "
        + "`explore --seed \(seed) --jobs 1` from the same state repeats it\n")
    defer { ExploreTrapWatch.disarm?() }
    let shared = ExploreScheduler.Shared()
    let deadline = Budget.current.ending(by: options.timeLimit.map { ContinuousClock.now + $0 }).deadline
    let work = Task.detached {
      guard !options.guided else {
        return ExploreScheduler.runGuided(
          engine, runs: options.shardRuns, steps: options.steps, seed: seed, corpus: seeds, deadline: deadline, shared: shared)
      }
      return await ExploreScheduler.run(
        engine, runs: options.shardRuns, steps: options.steps, seed: seed, jobs: options.jobs, deadline: deadline, shared: shared)
    }
    let started = ContinuousClock.now
    let result = await withTaskCancellationHandler {
      guard let progress else { return await work.value }
      // The progress line is redrawn four times a second while the runs go on (a display's rate,
      // not a wait: the end of the runs is `work`'s value, which stops the redraws).
      let redraws = Task { @MainActor in
        while true {
          try await Task.sleep(for: .milliseconds(250))
          // Cancelled while this redraw waited for the main actor: the line is cleared already.
          try Task.checkCancellation()
          progress(
            ProgressReport(
              .explore(
                runs: shared.runsDone.load(ordering: .relaxed), steps: shared.stepsDone.load(ordering: .relaxed),
                failures: shared.failures.load(ordering: .relaxed)),
              elapsed: ContinuousClock.now - started))
        }
      }
      let value = await work.value
      redraws.cancel()
      progress(nil)
      return value
    } onCancel: {
      // Ctrl-C: the jobs stop starting runs; what ran is reported.
      shared.stopped.store(true, ordering: .relaxed)
    }
    var lines = openingLines(options, seed: seed, breaks: breaks)
    var outcome = ExploreOutcome(lines: [])
    if let failure = result.failure {
      var shrinker = Shrinker(engine: engine, invariant: failure.invariant)
      let shrunk = try await shrinker.shrink(failure.steps)
      let (before, after) = engine.lastTransition(shrunk)
      outcome = report(
        failure, shrunk: shrunk, shrinkSteps: shrinker.shrinkSteps, engine: engine, seed: seed, breakpoint: breakpoint(of: failure, among: breaks),
        effects: nil, before: before, after: after)
      lines += outcome.lines
    }
    if corpus != nil {
      outcome.corpus = result.corpus.map { entry in entry.map { catalog.text(for: $0.payload) } }
    }
    return finish(
      outcome, lines: lines, coverage: result.coverage, timedOut: result.timedOut, enabled: enabled, seed: seed, breaks: breaks, options: options,
      abstraction: engine.abstraction)
  }

  /// The steps of each entry of `corpus`, each action read as `dispatch` reads it; an action of
  /// a case `--only` or `--skip` leave out is left out. An action that does not read is an error
  /// at its line and column in the file.
  private func steps(of corpus: ExploreCorpus, enabled: Set<Int>) throws(CommandError) -> [[ExploreEngine<State, Action>.Step]] {
    let catalog = self.catalog
    var entries: [[ExploreEngine<State, Action>.Step]] = []
    for entry in corpus.entries {
      var steps: [ExploreEngine<State, Action>.Step] = []
      for typed in entry {
        let action: Action
        let payload: Value
        do throws(CommandError) {
          action = try ActionCache<Action>.parseAction(typed.text, catalog: catalog)
          payload = try ValueEncoder.encodeForShell(action)
        } catch {
          throw corpus.error(line: typed.line, column: typed.column + max(0, (error.column ?? 1) - 1), error.message)
        }
        guard let path = catalog.path(of: payload), let caseIndex = catalog.cases.firstIndex(where: { $0.path == path }) else {
          throw corpus.error(line: typed.line, column: typed.column, "not an action case of \(domainName)")
        }
        if enabled.contains(caseIndex) { steps.append(ExploreEngine<State, Action>.Step(caseIndex: caseIndex, payload: payload, action: action)) }
      }
      entries.append(steps)
    }
    return entries
  }

  /// The header, and notes on what is explored.
  private func openingLines(_ options: ExploreOptions, seed: UInt64, breaks: [Breakpoint<State>]) -> [OutputLine] {
    var lines: [OutputLine] = [.plain(header(options, seed: seed, invariantCount: invariants.all.count, breakCount: breaks.count))]
    if breaks.count < breakpoints.all.count {
      lines.append(.note("explore leaves out the breakpoints that hold in the starting state: they cannot go from false to true in its first step"))
    }
    if options.guided, options.jobs > 1 {
      lines.append(.note("--guided runs on one core, one run after another through one corpus: --jobs does not apply"))
    }
    if invariants.all.isEmpty && breaks.isEmpty {
      lines.append(.note("no invariants: explore only counts what the reducer accepts; add one with `invariant <selector> == <value>`"))
    }
    return lines
  }

  /// The number of the breakpoint a failure reached, when it is one (they follow the invariants).
  private func breakpoint(of failure: ExploreEngine<State, Action>.Failure, among breaks: [Breakpoint<State>]) -> Int? {
    let found = failure.invariant - invariants.all.count
    return breaks.indices.contains(found) ? breaks[found].number : nil
  }

  /// The report's end: the runs that broke nothing, the coverage table, the abstract states, and
  /// the coverage requirements (one that surely falls short fails the explore, when nothing else did).
  private func finish(
    _ outcome: ExploreOutcome, lines: [OutputLine], coverage: ExploreCoverage, timedOut: Bool, enabled: [Int], seed: UInt64,
    breaks: [Breakpoint<State>], options: ExploreOptions, abstraction: StateAbstraction<State>
  ) -> ExploreOutcome {
    var outcome = outcome
    var lines = lines
    if outcome.failure == nil {
      let ran = coverage.runs
      lines.append(.note("no invariant broke\(breaks.isEmpty ? "" : " and no breakpoint was reached") in \(ran) run\(ran == 1 ? "" : "s")" + (timedOut ? " (stopped by --time or Ctrl-C before every run ran)" : "")))
    }
    lines += coverage.lines(caseNames: catalog.cases.map(\.pathText), enabled: Set(enabled))
    if let effectsLine = coverage.effectsLine { lines.append(effectsLine) }
    if statesDiffer == nil {
      lines.append(.note("the state is not Equatable, so `changed` counts every accepted action"))
    }
    lines += coverage.states.lines(abstraction: abstraction, caseNames: catalog.cases.map(\.pathText))
    let (requirementLines, verdicts, short) = requirementReport(options.requirements, coverage: coverage)
    lines += requirementLines
    if outcome.failure == nil, let short {
      outcome.failure = short
    }
    outcome.lines = lines
    outcome.seed = seed
    outcome.report = ExploreReport(
      seed: seed, coverage: coverage, caseNames: catalog.cases.map(\.pathText), enabled: Set(enabled), leafPaths: abstraction.leaves.map(\.path),
      neverReached: coverage.states.neverReached(abstraction: abstraction), requirements: verdicts, failure: outcome.failure
    ).json
    return outcome
  }

  /// A line on each coverage requirement, its verdict as data, and the failure of the first that surely falls short.
  private func requirementReport(
    _ requirements: [CoverageRequirement], coverage: ExploreCoverage
  ) -> (lines: [OutputLine], verdicts: [JSONForm], short: String?) {
    var lines: [OutputLine] = []
    var verdicts: [JSONForm] = []
    var short: String?
    for (index, requirement) in requirements.enumerated() {
      let steps = requirement.unit == .steps
      let (successes, trials) = steps ? (coverage.requirementSteps[index], coverage.acceptedSteps) : (coverage.requirementRuns[index], coverage.runs)
      let seen = trials == 0 ? 0 : Double(successes) / Double(trials)
      let of = steps ? "of \(trials) accepted steps" : "of \(trials) runs"
      let measured = "\(CoverageCheck.percent(seen)) (\(successes) \(of))"
      let verdict = CoverageCheck.verdict(successes: successes, trials: trials, samples: steps ? coverage.runs : nil, required: requirement.share)
      let verdictName = switch verdict {
      case .met: "met"
      case .short: "short"
      case .undecided: "undecided"
      }
      verdicts.append(.object([
        ("requirement", .string(requirement.typed)), ("required", .double(requirement.share)), ("successes", .int(successes)),
        ("of", .int(trials)), ("counts", .string(steps ? "accepted steps" : "runs")), ("verdict", .string(verdictName)),
      ]))
      switch verdict {
      case .met:
        lines.append(.plain("cover \(requirement.text): met, \(measured)"))
      case .short(let high):
        let by = CoverageCheck.percent(requirement.share - seen)
        lines.append(.plain("! cover \(requirement.text): short by \(by), \(measured); surely at most \(CoverageCheck.percent(high))"))
        if short == nil {
          short = "explore fell short of coverage requirement \(requirement.typed) by \(by): \(measured)"
        }
      case .undecided(let low, let high):
        lines.append(.note("cover \(requirement.text): not decided, \(measured), between \(CoverageCheck.percent(low)) and \(CoverageCheck.percent(high)); more runs decide it"))
      }
    }
    return (lines, verdicts, short)
  }

  /// `explore --effects`: the runs one after the other on the main actor, each with the
  /// listeners started afresh on a store at the current state and their effects held.
  private func exploreWithEffects(
    _ options: ExploreOptions, effects: DomainEffects<State, Action>, engine: ExploreEngine<State, Action>, enabled: [Int], seed: UInt64,
    breaks: [Breakpoint<State>], lane: MainSerialExecution.Lane, progress: ProgressReporter?
  ) async throws(CommandError) -> ExploreOutcome {
    let base = startContext ?? DomainContext(
      isScript: true, baseDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath), calendar: .current,
      makeIdentifier: { "" }, announce: { _ in }, scratchDirectory: FileManager.default.temporaryDirectory, logger: Logger(label: "replshell"))
    let explorer = EffectsExplorer(
      engine: engine, effects: effects, lane: lane, makeContext: { EffectsExplorer<State, Action>.runContext(from: base) })
    let deadline = Budget.current.ending(by: options.timeLimit.map { ContinuousClock.now + $0 }).deadline
    let started = ContinuousClock.now
    var lastProgress = started
    var coverage = ExploreCoverage(caseCount: engine.templates.count, requirementCount: engine.requirements.count)
    var failure: ExploreEngine<State, Action>.Failure?
    var timedOut = false
    var memo = ExploreEngine<State, Action>.Memo()
    // With --guided, one corpus through all the runs, in order.
    var guided = options.guided ? GuidedEffectsExplorer(explorer: explorer) : nil
    let runs = options.shardRuns
    for position in 0..<runs.count {
      if Task.isCancelled || deadline.map({ ContinuousClock.now >= $0 }) == true {
        timedOut = true
        break
      }
      let index = runs.run(at: position)
      let result: ExploreEngine<State, Action>.RunResult
      // Taken out for the run and put back, so that the corpus is not copied.
      if var runner = guided.take() {
        result = try await runner.run(index, seed: seed, steps: options.steps, memo: &memo)
        guided = runner
      } else {
        result = try await explorer.run(index, seed: seed, steps: options.steps, memo: &memo)
      }
      coverage.add(result.coverage)
      if let found = result.failure {
        failure = found
        break
      }
      if let progress, ContinuousClock.now - lastProgress >= .milliseconds(250) {
        lastProgress = ContinuousClock.now
        progress(ProgressReport(.explore(runs: coverage.runs, steps: coverage.steps, failures: 0), elapsed: lastProgress - started))
      }
    }
    progress?(nil)
    var lines = openingLines(options, seed: seed, breaks: breaks)
    var outcome = ExploreOutcome(lines: [])
    if let failure {
      var shrinker = Shrinker(engine: engine) { steps throws(CommandError) in try await explorer.replay(steps, breaking: failure.invariant) }
      let shrunk = try await shrinker.shrink(failure.steps)
      let trace = try await explorer.trace(shrunk)
      outcome = report(
        failure, shrunk: shrunk, shrinkSteps: shrinker.shrinkSteps, engine: engine, seed: seed, breakpoint: breakpoint(of: failure, among: breaks),
        effects: (trace.numbers, trace.labels), before: trace.before, after: trace.after)
      outcome.holdsEffects = true
      lines += outcome.lines
    }
    return finish(
      outcome, lines: lines, coverage: coverage, timedOut: timedOut, enabled: enabled, seed: seed, breaks: breaks, options: options,
      abstraction: engine.abstraction)
  }

  private func header(_ options: ExploreOptions, seed: UInt64, invariantCount: Int, breakCount: Int) -> String {
    var text = "explore: \(options.runs) \(options.guided ? "guided " : "")runs of up to \(options.steps) actions" + (options.effects ? " with their side effects held" : "") + ", seed \(seed)"
    if let shard = options.shard { text += ", shard \(shard.index)/\(shard.count)" }
    if options.seed == nil { text += " (repeat with --seed \(seed))" }
    text += ", \(invariantCount) invariant\(invariantCount == 1 ? "" : "s")"
    return breakCount == 0 ? text : text + ", \(breakCount) breakpoint\(breakCount == 1 ? "" : "s")"
  }

  /// The cases `--only` and `--skip` leave, as action patterns; a pattern that matches no case
  /// is an error with the nearest paths.
  /// With `--effects` and no `--only`, the cases a person dispatches (`userActions`) are the ones explored.
  func exploredCases(_ options: ExploreOptions, userActions: [String]) throws(CommandError) -> [Int] {
    func patterns(_ texts: [String]) throws(CommandError) -> [ActionPattern] {
      var patterns: [ActionPattern] = []
      for text in texts {
        let pattern = try ActionPattern(parsing: text, column: 1)
        _ = try catalog.cases(matching: pattern, column: nil)
        patterns.append(pattern)
      }
      return patterns
    }
    let only = try patterns(options.only.isEmpty ? userActions : options.only)
    let skip = try patterns(options.skip)
    let paths = catalog.cases.map(\.path)
    let enabled = paths.indices.filter { index in
      (only.isEmpty || only.contains { $0.matches(paths[index]) }) && !skip.contains { $0.matches(paths[index]) }
    }
    guard !enabled.isEmpty else { throw CommandError("--only and --skip leave no action case to explore") }
    return enabled
  }

  /// The failure shrunk, as paste-back lines (with `--effects`, the completions between the
  /// dispatches and what each effect was), with the last step's diff and the invariant's actual value.
  /// A breakpoint reached (`breakpoint`, its number) reads as one, and saves as the `break` line that stops the script.
  private func report(
    _ failure: ExploreEngine<State, Action>.Failure, shrunk: [ExploreEngine<State, Action>.Step], shrinkSteps: Int,
    engine: ExploreEngine<State, Action>, seed: UInt64, breakpoint: Int?, effects: (numbers: [Int?], labels: [Int: String])?, before: State, after: State
  ) -> ExploreOutcome {
    let invariant = engine.invariants[failure.invariant]
    let labels = effects?.labels ?? [:]
    let texts = shrunk.indices.map { index in
      let step = shrunk[index]
      if step.isEffect {
        let number = effects.flatMap { index < $0.numbers.count ? $0.numbers[index] : nil }
        return (step.fails ? "fail " : "complete ") + (number.map(String.init) ?? "?")
      }
      guard let action = step.action else { return "" }
      do throws(CommandError) {
        return "dispatch " + (try actionText(action))
      } catch {
        return "dispatch (an action that cannot be printed: \(error.message))"
      }
    }
    // Saved, a fixed reducer may rightly reject what broke the invariant: the scenario still runs to its `expect`.
    let saved = texts.map { $0.hasPrefix("dispatch ") ? "dispatch --may-reject " + $0.dropFirst("dispatch ".count) : $0 }
    let noun = effects == nil ? "action" : "step"
    let finding = breakpoint.map { "break \($0) (\(invariant.text)) reached" } ?? "invariant \(invariant.text) broken"
    var lines: [OutputLine] = [
      .plain("\(finding) in run \(failure.run + 1) (seed \(seed)): \(failure.steps.count) \(noun)\(failure.steps.count == 1 ? "" : "s"), shrunk to \(shrunk.count) in \(shrinkSteps) shrink step\(shrinkSteps == 1 ? "" : "s")")
    ]
    lines += texts.map { OutputLine.plain("  " + $0) }
    if effects != nil, !labels.isEmpty {
      lines.append(.plain("side effects: " + labels.keys.sorted().map { "#\($0) \(labels[$0] ?? "")" }.joined(separator: ", ")))
    }
    lines.append(.plain("last step: \((texts.last ?? "").replacingOccurrences(of: "dispatch ", with: "", options: .anchored))"))
    do throws(CommandError) {
      lines += try stateDiff.lines(from: before, to: after)
    } catch {
      lines.append(.error("the last step's diff cannot be shown: \(error.message)"))
    }
    lines += invariant.actualLines(on: after).map(OutputLine.plain)
    let shrunkTo = "in run \(failure.run + 1) (seed \(seed)), shrunk to \(shrunk.count) \(noun)\(shrunk.count == 1 ? "" : "s")"
    guard let breakpoint else {
      return ExploreOutcome(
        lines: lines, failure: "explore broke invariant \(invariant.text) \(shrunkTo)", dispatchLines: saved,
        expectLine: "expect \(invariant.predicate.text)")
    }
    // Saved, the `break` line stops the script at the dispatch that reaches it, until the bug is fixed.
    return ExploreOutcome(
      lines: lines, failure: "explore reached break \(breakpoint) (\(invariant.text)) \(shrunkTo)",
      dispatchLines: ["break when \(invariant.text)"] + saved, expectLine: "# the break above stops this script while the state can reach it")
  }
}

/// `explore` on the typed session (`AnyDomainSession.open`).
struct Exploration: SessionOpener {
  /// The runs to make.
  let options: ExploreOptions
  /// The corpus `--corpus` read, that guided runs start from; nil without `--corpus`.
  var corpus: ExploreCorpus? = nil
  /// Told how the runs go; nil: nobody is.
  let progress: ProgressReporter?

  func open<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) async throws(CommandError) -> ExploreOutcome {
    try await SessionExplorer(session).explore(options, corpus: corpus, progress: progress)
  }
}
