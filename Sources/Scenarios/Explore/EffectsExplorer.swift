import Logging
import ReplShellDomain
import ReplShellSession
import StateValues

/// `explore --effects`: runs the domain's store with its listeners, every side effect they await
/// held by an `EffectScheduler`, and lets the seed decide at each step whether a person
/// dispatches an action or a held effect completes (or fails, one time in four where it can).
/// After each step the listeners run until they stop moving, and every dispatch — a person's or
/// a listener's — is checked against the invariants. Runs go one after the other on the main
/// actor, where the listeners' jobs run (`MainSerialExecution`), so a seed gives the same run every time.
@MainActor struct EffectsExplorer<State: Sendable, Action: Sendable> {
  typealias Step = ExploreEngine<State, Action>.Step

  /// Generates the actions, as plain `explore` does, and knows the invariants.
  let engine: ExploreEngine<State, Action>
  let effects: DomainEffects<State, Action>
  /// The serialized tasks the runs' listeners start in.
  let lane: MainSerialExecution.Lane
  /// A fresh context for each run's listeners: deterministic identifiers, no announcements.
  let makeContext: @MainActor () -> DomainContext

  /// One run's store, listeners and scheduler, and the first invariant a dispatch broke.
  @MainActor final class Harness {
    let store: SessionStore<State, Action>
    let scheduler: EffectScheduler
    private var keepAlive: (any Sendable)?
    /// The first invariant a dispatch broke, by index.
    private(set) var broken: Int?
    /// Every effect made, by number, for the report.
    private(set) var labels: [Int: String] = [:]
    /// The number of each effect made, by the reference steps name it with.
    private(set) var numbers: [EffectReference: Int] = [:]
    private var references: [Int: EffectReference] = [:]

    init(_ explorer: EffectsExplorer, checking invariant: Int?) async throws(CommandError) {
      let engine = explorer.engine
      store = SessionStore(initialState: engine.start, reducer: engine.reducer)
      scheduler = EffectScheduler(activity: store.activity, lane: explorer.lane)
      self.engine = engine
      self.invariant = invariant
      store.didDispatch = { [unowned self] _, _, new, _, _, _ in self.check(new, settled: false) }
      let (store, scheduler, context, effects) = (store, scheduler, explorer.makeContext(), explorer.effects)
      do {
        keepAlive = try await MainSerialExecution.run(in: explorer.lane) { () async throws -> any Sendable in
          try await effects.listen(store, scheduler, context)
        }
      } catch {
        throw CommandError("explore --effects: the listeners did not start: \(error)")
      }
      await settle(after: -1)
    }

    private let engine: ExploreEngine<State, Action>
    /// The one invariant a replay checks; nil: every one.
    private let invariant: Int?

    /// Notes the first invariant `state` breaks: of those checked after every dispatch, or of
    /// those checked once the listeners settle.
    private func check(_ state: State, settled: Bool) {
      guard broken == nil else { return }
      if let invariant {
        if engine.invariants[invariant].isSettled == settled, !engine.invariants[invariant].holds(state) { broken = invariant }
      } else {
        broken = engine.brokenInvariant(on: state, settled: settled)
      }
    }

    /// The number of the held effect `effect` names: the one made after its step, else the
    /// oldest held effect that does the same.
    func heldNumber(_ effect: EffectReference) -> Int? {
      let pending = scheduler.pending
      if let number = numbers[effect], pending.contains(where: { $0.number == number }) { return number }
      return pending.first { $0.label == effect.label }?.number
    }

    /// The reference of held effect `number`.
    func reference(of number: Int) -> EffectReference? {
      references[number]
    }

    /// What became of a step.
    enum Applied {
      case applied
      /// The reducer rejected the action, with this error.
      case rejected(String)
      /// The effect the step names is not held.
      case notHeld

      var isApplied: Bool {
        if case .applied = self { true } else { false }
      }
    }

    /// Applies `step`, and lets the listeners run until they stop moving.
    @discardableResult
    func apply(_ step: Step) async -> Applied {
      if let effect = step.effect {
        guard let number = heldNumber(effect), step.fails ? scheduler.fail(number) : scheduler.complete(number) else { return .notHeld }
      } else if let action = step.action {
        do {
          try store.dispatch(action, origin: .user, cause: nil, text: nil)
        } catch {
          return .rejected(String(describing: error))
        }
      }
      await settle(after: step.id)
      return .applied
    }

    /// Lets the listeners run until they stop moving, and names the effects they made after step `id`.
    private func settle(after id: Int) async {
      await scheduler.settle()
      if scheduler.pending.isEmpty { check(store.select { $0 }, settled: true) }
      var ordinal = 0
      for effect in scheduler.pending where labels[effect.number] == nil {
        labels[effect.number] = effect.label
        let reference = EffectReference(step: id, ordinal: ordinal, label: effect.label)
        numbers[reference] = effect.number
        references[effect.number] = reference
        ordinal += 1
      }
    }

    /// Stops the listeners and lets go of every held effect, with nothing checked any more.
    func end() {
      store.didDispatch = nil
      store.finishStreams()
      scheduler.cancelAll()
      keepAlive = nil
    }
  }

  /// Run `index`: up to `steps` steps, then every effect still held completed, or failed, in an
  /// order the seed picks.
  func run(_ index: Int, seed: UInt64, steps: Int, memo: inout ExploreEngine<State, Action>.Memo) async throws(CommandError) -> ExploreEngine<State, Action>.RunResult {
    var random = SplitMix(seed: SplitMix.runSeed(seed, run: index))
    let swarm = engine.swarm(&random)
    return try await run(index, random: &random, swarm: swarm, plan: [], steps: steps, memo: &memo) { _ in false }.result
  }

  /// What a run did, and the steps that applied, up to the last for which `isNew` said its transition was new.
  struct PlannedRun {
    var result: ExploreEngine<State, Action>.RunResult
    var accepted: [Step]
    /// How many of `accepted` there are up to the last step whose transition was new (0: none was).
    var keptLength: Int
  }

  /// Run `index`: the steps of `plan` first (as `--guided` changed a corpus entry), then steps
  /// drawn from `random` over `swarm`, up to `steps` in all, then every effect still held completed
  /// or failed. A planned effect is named by the `id` of the plan's step that started it, which
  /// names the step of this run that the planned one became; one no longer held is left out, as
  /// an action the reducer rejects is. Each step that applies is numbered by its place in the run,
  /// and names the effect it completes as this run made it, so that `accepted` replays and shrinks
  /// as a drawn run does. `isNew` is told each transition taken.
  func run(
    _ index: Int, random: inout SplitMix, swarm: [Int], plan: [Step], steps: Int, memo: inout ExploreEngine<State, Action>.Memo,
    isNew: (StateCoverage.Transition) -> Bool
  ) async throws(CommandError) -> PlannedRun {
    var coverage = ExploreCoverage(caseCount: engine.templates.count, requirementCount: engine.requirements.count)
    coverage.runs = 1
    let harness = try await Harness(self, checking: nil)
    defer { harness.end() }
    // The abstract state after each step that applied: a completion is a transition as an action is,
    // so distinct interleavings count as coverage.
    var code = engine.abstraction.code(of: harness.store.select { $0 })
    coverage.states.states[code] = 1
    engine.noteDescription(of: harness.store.select { $0 }, code: code, coverage: &coverage, memo: &memo)
    var covered = Array(repeating: false, count: engine.requirements.count)
    var accepted: [Step] = []
    var keptLength = 0
    func record(_ caseIndex: Int) {
      let state = harness.store.select { $0 }
      let next = engine.abstraction.code(of: state)
      if coverage.states.states[next] == nil { engine.noteDescription(of: state, code: next, coverage: &coverage, memo: &memo) }
      coverage.states.states[next, default: 0] += 1
      let transition = StateCoverage.Transition(from: code, caseIndex: caseIndex, to: next)
      coverage.states.transitions[transition, default: 0] += 1
      if isNew(transition) { keptLength = accepted.count + 1 }
      code = next
      for index in engine.requirements.indices where engine.requirements[index](state) {
        coverage.requirementSteps[index] += 1
        if !covered[index] {
          covered[index] = true
          coverage.requirementRuns[index] += 1
        }
      }
    }
    // The plan's step ids, as this run numbers the steps they became; the effects the listeners
    // make as they start are named by -1 in both.
    var renumbered: [Int: Int] = [-1: -1]
    var planned = plan.makeIterator()
    var budget = steps
    var drainBudget = steps * 4
    while true {
      let pending = harness.scheduler.pending
      let step: Step
      var plannedID: Int?
      if budget > 0, let next = planned.next() {
        budget -= 1
        if let effect = next.effect {
          let named = EffectReference(step: renumbered[effect.step] ?? Self.noStep, ordinal: effect.ordinal, label: effect.label)
          guard let number = harness.heldNumber(named), let reference = harness.reference(of: number) else { continue }
          let canFail = pending.first { $0.number == number }?.canFail ?? false
          step = Step(releasing: reference, failing: next.fails && canFail, id: accepted.count)
        } else {
          // A planned action is tried again: counted as generated, as a drawn one is.
          coverage.cases[next.caseIndex].generated += 1
          step = next.numbered(accepted.count)
          plannedID = next.id
        }
      } else if budget > 0, !swarm.isEmpty, pending.isEmpty || random.chance(1, in: 2) {
        budget -= 1
        let caseIndex = swarm[random.below(swarm.count)]
        guard let (payload, action) = engine.generate(caseIndex, &random, cache: &memo.cache, coverage: &coverage) else { continue }
        step = Step(caseIndex: caseIndex, payload: payload, action: action, id: accepted.count)
      } else if !pending.isEmpty, drainBudget > 0 {
        if budget == 0 { drainBudget -= 1 } else { budget -= 1 }
        let effect = pending[random.below(pending.count)]
        guard let reference = harness.reference(of: effect.number) else { break }
        step = Step(releasing: reference, failing: effect.canFail && random.chance(1, in: 4), id: accepted.count)
      } else {
        break
      }
      if step.isEffect {
        if await harness.apply(step).isApplied { record(step.caseIndex) }
        if step.fails { coverage.effectsFailed += 1 } else { coverage.effectsCompleted += 1 }
      } else {
        let before = engine.statesDiffer == nil ? nil : harness.store.select { $0 }
        if case .rejected(let error) = await harness.apply(step) {
          coverage.cases[step.caseIndex].rejected += 1
          coverage.cases[step.caseIndex].rejections[error, default: 0] += 1
          continue
        }
        coverage.cases[step.caseIndex].accepted += 1
        if let before, engine.statesDiffer?(before, harness.store.select { $0 }) ?? true { coverage.cases[step.caseIndex].changed += 1 }
        record(step.caseIndex)
        if let plannedID { renumbered[plannedID] = step.id }
      }
      accepted.append(step)
      if let broken = harness.broken {
        coverage.effectsMade = harness.labels.count
        return PlannedRun(result: .init(coverage: coverage, failure: .init(run: index, invariant: broken, steps: accepted)), accepted: accepted, keptLength: keptLength)
      }
    }
    coverage.effectsMade = harness.labels.count
    return PlannedRun(result: .init(coverage: coverage), accepted: accepted, keptLength: keptLength)
  }

  /// The step a planned effect names when the plan's step that started it did not apply in this
  /// run: no step has it, so the effect is the oldest held one that does the same.
  private static var noStep: Int { -2 }

  /// Replays `steps` in a fresh run: the ones that applied, up to the step after which
  /// `invariant` broke; nil when it never does. A run whose listeners do not start is an error,
  /// not a run that breaks nothing.
  func replay(_ steps: [Step], breaking invariant: Int) async throws(CommandError) -> [Step]? {
    let harness = try await Harness(self, checking: invariant)
    defer { harness.end() }
    var kept: [Step] = []
    for step in steps {
      guard await harness.apply(step).isApplied else { continue }
      kept.append(step)
      if harness.broken != nil { return kept }
    }
    return nil
  }

  /// What a report shows of `steps`: the number of the effect each step completes or fails
  /// (nil for an action, or a step that did not apply), the label of every effect made, and the
  /// states around the last step.
  struct Trace {
    var numbers: [Int?] = []
    var labels: [Int: String] = [:]
    var before: State
    var after: State
  }

  /// Replays `steps` and keeps what the report shows; an error when the run's listeners do not start.
  func trace(_ steps: [Step]) async throws(CommandError) -> Trace {
    var trace = Trace(before: engine.start, after: engine.start)
    let harness = try await Harness(self, checking: nil)
    defer { harness.end() }
    for step in steps {
      let before = harness.store.select { $0 }
      let number = step.effect.flatMap { harness.heldNumber($0) }
      guard await harness.apply(step).isApplied else {
        trace.numbers.append(nil)
        continue
      }
      trace.numbers.append(number)
      trace.before = before
      trace.after = harness.store.select { $0 }
    }
    trace.labels = harness.labels
    return trace
  }

  /// A context for a run's listeners: what a script gets (identifiers from a counter), its
  /// logging and announcements dropped.
  static func runContext(from base: DomainContext) -> DomainContext {
    let counter = IdentifierCounter()
    return DomainContext(
      options: base.options, isScript: true, baseDirectory: base.baseDirectory, calendar: base.calendar,
      makeIdentifier: { counter.next() }, announce: { _ in }, scratchDirectory: base.scratchDirectory,
      logger: Logger(label: "replshell.explore", factory: { _ in SwiftLogNoOpLogHandler() }))
  }
}
