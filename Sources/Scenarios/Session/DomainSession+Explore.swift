import Foundation

extension DomainSession {
  func explore(_ options: ExploreOptions, progress: ExploreProgress?) async throws(CommandError) -> ExploreOutcome {
    let enabled = try exploredCases(options)
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
    let engine = ExploreEngine(
      start: start, reducer: reducer, statesDiffer: statesDiffer, invariants: invariants.all + breaks.map(\.negatedForExplore),
      catalog: catalog, enabled: enabled,
      pool: LeafPool(catalog: catalog, state: stateValue),
      decode: { payload in try? DomainSession.parseAction(catalog.text(for: payload), catalog: catalog) })
    ExploreTrapWatch.arm?(
      "\nreplshell: the \(domainName) reducer trapped during `explore` (seed \(seed)), which ends the shell; "
        + "`explore --seed \(seed) --jobs 1` from the same state repeats it\n")
    defer { ExploreTrapWatch.disarm?() }
    let shared = ExploreScheduler.Shared()
    let deadline = options.timeLimit.map { ContinuousClock.now + $0 }
    let work = Task.detached {
      await ExploreScheduler.run(
        engine, runs: options.shardRuns, steps: options.steps, seed: seed, jobs: options.jobs, deadline: deadline, shared: shared)
    }
    let started = ContinuousClock.now
    let result = await withTaskCancellationHandler {
      if let progress {
        while !shared.finished.load(ordering: .relaxed) {
          try? await Task.sleep(for: .milliseconds(250))
          progress(
            ExploreProgressReport(
              runs: shared.runsDone.load(ordering: .relaxed), steps: shared.stepsDone.load(ordering: .relaxed),
              failures: shared.failures.load(ordering: .relaxed), elapsed: ContinuousClock.now - started))
        }
        progress(nil)
      }
      return await work.value
    } onCancel: {
      // Ctrl-C: the jobs stop starting runs; what ran is reported.
      shared.stopped.store(true, ordering: .relaxed)
    }
    var lines: [OutputLine] = [.plain(header(options, seed: seed, invariantCount: invariants.all.count, breakCount: breaks.count))]
    if breaks.count < breakpoints.all.count {
      lines.append(.note("explore leaves out the breakpoints that hold in the starting state: they cannot go from false to true in its first step"))
    }
    if invariants.all.isEmpty && breaks.isEmpty {
      lines.append(.note("no invariants: explore only counts what the reducer accepts; add one with `invariant <selector> == <value>`"))
    }
    var outcome = ExploreOutcome(lines: [])
    if let failure = result.failure {
      let found = failure.invariant - invariants.all.count
      outcome = report(failure, engine: engine, seed: seed, breakpoint: breaks.indices.contains(found) ? breaks[found].number : nil)
      lines += outcome.lines
    } else {
      let ran = result.coverage.runs
      lines.append(.note("no invariant broke\(breaks.isEmpty ? "" : " and no breakpoint was reached") in \(ran) run\(ran == 1 ? "" : "s")" + (result.timedOut ? " (stopped by --time or Ctrl-C before every run ran)" : "")))
    }
    lines += result.coverage.lines(caseNames: catalog.cases.map(\.pathText), enabled: Set(enabled))
    if statesDiffer == nil {
      lines.append(.note("the state is not Equatable, so `changed` counts every accepted action"))
    }
    outcome.lines = lines
    outcome.seed = seed
    return outcome
  }

  private func header(_ options: ExploreOptions, seed: UInt64, invariantCount: Int, breakCount: Int) -> String {
    var text = "explore: \(options.runs) runs of up to \(options.steps) actions, seed \(seed)"
    if let shard = options.shard { text += ", shard \(shard.index)/\(shard.count)" }
    if options.seed == nil { text += " (repeat with --seed \(seed))" }
    text += ", \(invariantCount) invariant\(invariantCount == 1 ? "" : "s")"
    return breakCount == 0 ? text : text + ", \(breakCount) breakpoint\(breakCount == 1 ? "" : "s")"
  }

  /// The cases `--only` and `--skip` leave, as action patterns; a pattern that matches no case
  /// is an error with the nearest paths.
  private func exploredCases(_ options: ExploreOptions) throws(CommandError) -> [Int] {
    func patterns(_ texts: [String]) throws(CommandError) -> [ActionPattern] {
      var patterns: [ActionPattern] = []
      for text in texts {
        let pattern = try ActionPattern(parsing: text, column: 1)
        _ = try catalog.cases(matching: pattern, column: nil)
        patterns.append(pattern)
      }
      return patterns
    }
    let only = try patterns(options.only)
    let skip = try patterns(options.skip)
    let paths = catalog.cases.map(\.path)
    let enabled = paths.indices.filter { index in
      (only.isEmpty || only.contains { $0.matches(paths[index]) }) && !skip.contains { $0.matches(paths[index]) }
    }
    guard !enabled.isEmpty else { throw CommandError("--only and --skip leave no action case to explore") }
    return enabled
  }

  /// The failure shrunk, as paste-back lines, with the last step's diff and the invariant's actual value.
  /// A breakpoint reached (`breakpoint`, its number) reads as one, and saves as the `break` line that stops the script.
  private func report(
    _ failure: ExploreEngine<State, Action>.Failure, engine: ExploreEngine<State, Action>, seed: UInt64, breakpoint: Int?
  ) -> ExploreOutcome {
    let invariant = engine.invariants[failure.invariant]
    var shrinker = Shrinker(engine: engine, invariant: failure.invariant)
    let shrunk = shrinker.shrink(failure.steps)
    let texts = shrunk.map { step in
      do throws(CommandError) {
        return try actionText(step.action)
      } catch {
        return "(an action that cannot be printed: \(error.message))"
      }
    }
    let dispatches = texts.map { "dispatch " + $0 }
    // Saved, a fixed reducer may rightly reject what broke the invariant: the scenario still runs to its `expect`.
    let saved = texts.map { "dispatch --may-reject " + $0 }
    let finding = breakpoint.map { "break \($0) (\(invariant.text)) reached" } ?? "invariant \(invariant.text) broken"
    var lines: [OutputLine] = [
      .plain("\(finding) in run \(failure.run + 1) (seed \(seed)): \(failure.steps.count) action\(failure.steps.count == 1 ? "" : "s"), shrunk to \(shrunk.count) in \(shrinker.shrinkSteps) shrink step\(shrinker.shrinkSteps == 1 ? "" : "s")")
    ]
    lines += dispatches.map { OutputLine.plain("  " + $0) }
    let (before, after) = engine.lastTransition(shrunk)
    lines.append(.plain("last step: \(texts.last ?? "")"))
    do throws(CommandError) {
      lines += try stateDiff.lines(from: before, to: after)
    } catch {
      lines.append(.error("the last step's diff cannot be shown: \(error.message)"))
    }
    lines += invariant.actualLines(on: after).map(OutputLine.plain)
    let shrunkTo = "in run \(failure.run + 1) (seed \(seed)), shrunk to \(shrunk.count) action\(shrunk.count == 1 ? "" : "s")"
    guard let breakpoint else {
      return ExploreOutcome(
        lines: lines, failure: "explore broke invariant \(invariant.text) \(shrunkTo)", dispatchLines: saved, expectLine: "expect \(invariant.text)")
    }
    // Saved, the `break` line stops the script at the dispatch that reaches it, until the bug is fixed.
    return ExploreOutcome(
      lines: lines, failure: "explore reached break \(breakpoint) (\(invariant.text)) \(shrunkTo)",
      dispatchLines: ["break when \(invariant.text)"] + saved, expectLine: "# the break above stops this script while the state can reach it")
  }
}
