import Foundation
import Logging
import ReplShellCommands
import ReplShellDomain
import ReplShellSession
import StateValues

extension HistoryShrinker {
  typealias EffectStep = ExploreEngine<State, Action>.Step

  /// Whether `shrink` replays with held effects: the session was started with `--effects`, so
  /// what it recorded is the dispatches typed and the held effects completed or failed between them.
  var shrinksWithEffects: Bool { effects.shrinksWithEffects }

  /// What a replay with held effects checks: the invariants (an invariant, a breakpoint as the
  /// invariant that it stays false, or the session's), the report's words for each, and, for
  /// `expect`, the predicate that must hold once every step ran.
  private struct EffectsCheck {
    var invariants: [Invariant<State>] = []
    /// For each invariant: the line that checks it in a scenario, and its name and verbs in the report.
    var lines: [(line: String, name: String, broken: String, isBroken: String)] = []
    var atEnd: Invariant<State>?
  }

  /// Shrinks what a session started with `--effects` did — the dispatches typed and the held
  /// effects completed or failed (`complete N`, `fail N`) — to a minimal sequence of those steps
  /// that still breaks `property`. Each try runs from the history's first state in a fresh store
  /// with the listeners started afresh and every side effect held, as `explore --effects` runs:
  /// the listeners dispatch again what they dispatched, and a completion names its effect by the
  /// step that started it, so that dropping other steps leaves it completing the same one. The
  /// passes are the one shrinker's (`SequenceShrinker`), with the effects' moves (`Shrinker.moves`).
  func shrinkWithEffects(_ property: ShrinkProperty, progress: ProgressReporter?) async throws(CommandError) -> ShrinkOutcome {
    guard let effects = domainEffects else {
      throw CommandError("\(domainName) cannot hold its side effects: its registration gives no `effects:` (see README, \"Races\")")
    }
    // The listeners saw every action, not only those an undo or jump left applied.
    guard history.position == history.entries.count else {
      throw CommandError(
        "the state is back at action \(history.position) of \(history.entries.count) (undo or jump), but the listeners and held effects saw all \(history.entries.count): type `jump \(history.entries.count)` to come back, then `shrink`")
    }
    let started = ContinuousClock.now
    let start = history.initialState
    var check = try effectsCheck(property, start: start)
    let catalog = self.catalog
    let seeds = Self.payloadSeeds(from: start)
    let makeEngine = { [reducer, statesDiffer] (invariants: [Invariant<State>]) in
      ExploreEngine(
        start: start, reducer: reducer, statesDiffer: statesDiffer, invariants: invariants, catalog: catalog,
        enabled: Array(catalog.cases.indices), pool: LeafPool(catalog: catalog, state: seeds.state),
        decode: { payload in PayloadParsing.action(payload, catalog: catalog) })
    }
    // The listeners of each try start in a lane; the shrink itself stays out of it, or its own
    // turns would count as the listeners' work.
    let lane = MainSerialExecution.openLane()
    defer { MainSerialExecution.close(lane) }
    let base = startContext ?? DomainContext(
      isScript: true, baseDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath), calendar: .current,
      makeIdentifier: { "" }, announce: { _ in }, scratchDirectory: FileManager.default.temporaryDirectory, logger: Logger(label: "replshell"))
    let makeExplorer = { (engine: ExploreEngine<State, Action>) in
      EffectsExplorer(engine: engine, effects: effects, lane: lane, makeContext: { EffectsExplorer<State, Action>.runContext(from: base) })
    }
    var explorer = makeExplorer(makeEngine(check.invariants))
    let recorded = try await recordedSteps(explorer)
    let total = recorded.count
    // The first of the invariants the whole recording breaks is the one shrunk toward.
    guard let whole = try await Self.run(recorded, in: explorer, checking: nil, atEnd: check.atEnd) else {
      progress?(nil)
      let name = check.atEnd.map { "expect \($0.predicate.text)" } ?? check.lines.map(\.name).joined(separator: ", ")
      return ShrinkOutcome(
        lines: [.note("\(name) \(check.lines.count > 1 ? "hold" : "holds") over the \(Self.count(total, "step")) of this session, replayed with its side effects held: there is nothing to shrink")],
        property: check.atEnd.map { "expect \($0.predicate.text)" } ?? check.lines.first?.line ?? "", actionCount: total)
    }
    if let broken = whole.broken, check.invariants.count > 1 {
      check.invariants = [check.invariants[broken]]
      check.lines = [check.lines[broken]]
      explorer = makeExplorer(makeEngine(check.invariants))
    }
    let (checking, atEnd) = (check.atEnd == nil ? 0 : nil, check.atEnd)
    let replay: @MainActor ([EffectStep]) async throws(CommandError) -> [EffectStep]? = { [explorer] candidate throws(CommandError) in
      try await Self.run(candidate, in: explorer, checking: checking, atEnd: atEnd)?.kept
    }
    var shrinker = SequenceShrinker(moves: Shrinker.moves(explorer.engine), replay: replay)
    var lastReport = started
    shrinker.progress = { left, replays in
      guard let progress, ContinuousClock.now - lastReport >= .milliseconds(100) else { return }
      lastReport = ContinuousClock.now
      progress(ProgressReport(.shrink(total: total, left: left, replays: replays), elapsed: lastReport - started))
    }
    let shrunk = try await shrinker.shrink(recorded)
    progress?(nil)
    let trace = try await explorer.trace(shrunk)
    var outcome = try effectsReport(shrunk, trace: trace, check: check, total: total, replays: shrinker.replays, elapsed: ContinuousClock.now - started)
    outcome.lines.insert(contentsOf: seeds.notes, at: 0)
    return outcome
  }

  /// The property as invariants a replay with held effects checks after every dispatch (or,
  /// `--settled`, once the listeners settle with no effect held).
  private func effectsCheck(_ property: ShrinkProperty, start: State) throws(CommandError) -> EffectsCheck {
    var check = EffectsCheck()
    switch property {
    case .invariant(let predicate):
      let invariant = try makeInvariant(predicate)
      guard invariant.holds(start) else {
        throw CommandError("invariant \(predicate.text) does not hold before the first action, so no action breaks it: shrink a property that holds at the start", column: predicate.call.column)
      }
      check.invariants = [invariant]
      check.lines = [("invariant \(predicate.text)", "invariant \(predicate.text)", "broken", "is broken")]
    case .expect(let predicate):
      check.atEnd = try makeInvariant(predicate)
    case .breakWhen(let predicate):
      let condition = try makeInvariant(predicate)
      guard !condition.holds(start) else {
        throw CommandError("break when \(predicate.text) is true before the first action, so no action reaches it: shrink a breakpoint that is false at the start", column: predicate.call.column)
      }
      check.invariants = [Invariant(predicate: predicate, holds: { !condition.holds($0) }, output: condition.output)]
      check.lines = [("break when \(predicate.text)", "break when \(predicate.text)", "reached", "is reached")]
    case .rejects:
      // `shrink` runs the reducer alone for a rejection, listeners off and their actions in place.
      throw CommandError("shrink rejects replays the reducer alone, with the listeners off: it does not hold side effects")
    case .golden:
      throw CommandError("shrink golden runs on a scenario script, not on this session's history")
    case .session:
      for invariant in invariants.all where invariant.holds(start) {
        check.invariants.append(invariant)
        check.lines.append(("invariant \(invariant.text)", "invariant \(invariant.text)", "broken", "is broken"))
      }
      for breakpoint in breakpoints.all where !breakpoint.condition.holds(start) {
        check.invariants.append(breakpoint.negatedForExplore)
        let text = breakpoint.condition.predicate.text
        check.lines.append(("break when \(text)", "break when \(text)", "reached", "is reached"))
      }
      guard !check.invariants.isEmpty else {
        throw CommandError(
          "shrink needs a property the steps break: this session has no invariant or breakpoint; give one, e.g. `shrink invariant <selector> < 5`, `shrink expect <selector> == 0` or `shrink break when <selector> == 3`")
      }
    }
    return check
  }

  /// The session's steps in the order they happened — each dispatch typed (or a script's), each
  /// held effect completed or failed — as steps of a replay with held effects, numbered in order.
  /// An effect is named by the step after which the listeners made it, found by replaying the
  /// steps once; a session whose listeners make other effects in the replay is refused.
  private func recordedSteps(_ explorer: EffectsExplorer<State, Action>) async throws(CommandError) -> [EffectStep] {
    // Each step as the dispatch's action or the effect released.
    var order: [(action: Action?, release: ReleasedEffect?)] = []
    var releases = effects.releasedEffects[...]
    for entry in history.entries.prefix(history.position) where entry.origin != .listener {
      while let release = releases.first, release.afterSerial < entry.serial {
        order.append((nil, release))
        releases = releases.dropFirst()
      }
      order.append((entry.action, nil))
    }
    order += releases.map { (nil, $0) }
    let harness = try await EffectsExplorer<State, Action>.Harness(explorer, checking: nil)
    defer { harness.end() }
    var steps: [EffectStep] = []
    steps.reserveCapacity(order.count)
    for (id, recorded) in order.enumerated() {
      let step: EffectStep
      if let action = recorded.action {
        let payload = try ValueEncoder.encodeForShell(action)
        let path = catalog.path(of: payload)
        let caseIndex = catalog.cases.firstIndex { $0.path == path } ?? 0
        step = EffectStep(caseIndex: caseIndex, payload: payload, action: action, id: id)
      } else if let release = recorded.release {
        guard let reference = harness.reference(of: release.number), reference.label == release.label else {
          throw CommandError(
            "this session's effect #\(release.number) (\(release.label)) is not made again when its steps are replayed with the listeners started afresh: its listeners depend on more than the steps (a clock, a real network call), so shrink cannot replay it")
        }
        step = EffectStep(releasing: reference, failing: release.failing, id: id)
      } else {
        continue
      }
      await harness.apply(step)
      steps.append(step)
    }
    return steps
  }

  /// Runs `steps` in a fresh store with the listeners and their held effects: the steps that
  /// applied up to the one after which invariant `checking` (nil: any) broke, and which broke;
  /// or, with `atEnd`, all that applied when it does not hold at the end; nil when nothing broke.
  /// A store whose listeners do not start is an error, not a run that breaks nothing.
  private static func run(
    _ steps: [EffectStep], in explorer: EffectsExplorer<State, Action>, checking: Int?, atEnd: Invariant<State>?
  ) async throws(CommandError) -> (kept: [EffectStep], broken: Int?)? {
    let harness = try await EffectsExplorer<State, Action>.Harness(explorer, checking: checking)
    defer { harness.end() }
    var kept: [EffectStep] = []
    kept.reserveCapacity(steps.count)
    for step in steps {
      guard await harness.apply(step).isApplied else { continue }
      kept.append(step)
      if let broken = harness.broken { return (kept, broken) }
    }
    if let atEnd, !atEnd.holds(harness.store.select { $0 }) { return (kept, nil) }
    return nil
  }

  /// The shrunk steps as paste-back lines (`dispatch`, `complete N`, `fail N` with the numbers
  /// the effects have in a fresh `use <domain> --effects`), what each effect was, the last step's
  /// diff and the property's actual value.
  private func effectsReport(
    _ shrunk: [EffectStep], trace: EffectsExplorer<State, Action>.Trace, check: EffectsCheck, total: Int, replays: Int, elapsed: Duration
  ) throws(CommandError) -> ShrinkOutcome {
    var texts: [String] = []
    for (index, step) in shrunk.enumerated() {
      if step.isEffect {
        let number = index < trace.numbers.count ? trace.numbers[index] : nil
        texts.append((step.fails ? "fail " : "complete ") + (number.map(String.init) ?? "?"))
      } else if let action = step.action {
        texts.append("dispatch " + (try actionText(action)))
      }
    }
    let (line, name, broken, isBroken) =
      check.atEnd.map { ("expect \($0.predicate.text)", "expect \($0.predicate.text)", "fails", "fails") } ?? check.lines[0]
    let seconds = elapsed.inSeconds
    var lines: [OutputLine] = [
      .plain(
        "\(name) \(broken): \(Self.count(total, "step")) shrunk to \(shrunk.count) in \(Self.count(replays, "replay")) (\(String(format: "%.2f", seconds)) s), replayed with the side effects held\(Task.isCancelled ? ShrinkOutcome.stoppedNote : "")")
    ]
    lines += texts.map { OutputLine.plain("  " + $0) }
    if !trace.labels.isEmpty {
      lines.append(.plain("side effects: " + trace.labels.keys.sorted().map { "#\($0) \(trace.labels[$0] ?? "")" }.joined(separator: ", ")))
    }
    if let last = texts.last {
      lines.append(.plain("last step: " + (last.hasPrefix("dispatch ") ? String(last.dropFirst("dispatch ".count)) : last)))
      lines += try stateDiff.lines(from: trace.before, to: trace.after)
    }
    let invariant = check.atEnd ?? check.invariants[0]
    lines += invariant.actualLines(on: trace.after).map(OutputLine.plain)
    // Saved, a fixed reducer may rightly reject what broke the property: the scenario still runs to its end.
    let saved = texts.map { $0.hasPrefix("dispatch ") ? "dispatch --may-reject " + $0.dropFirst("dispatch ".count) : $0 }
    return ShrinkOutcome(
      lines: lines, property: line, actionCount: total, shrunkCount: shrunk.count,
      scriptLines: check.atEnd == nil ? [line] + saved : saved + [line],
      failure: "\(name) \(isBroken) by \(Self.count(shrunk.count, "step")) of the \(total), replayed with the side effects held", holdsEffects: true)
  }
}
