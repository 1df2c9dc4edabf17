import ReplShellDomain
import ReplShellSession
import StateValues
/// Runs a domain's reducer alone on generated actions: no store, no listeners, no events. Each run
/// starts from the same state, enables a random subset of the action cases (a "swarm" run, so
/// long runs of one action happen) and stops at the first invariant that breaks.
struct ExploreEngine<State: Sendable, Action: Sendable>: Sendable {
  /// One accepted step of a run: an action (its case, its payload as generated and the decoded
  /// action), or, with `--effects`, the completion or failure of a held effect.
  struct Step: Sendable {
    let caseIndex: Int
    let payload: Value
    let action: Action?
    /// Which step of its run it is, kept through shrinking: the effects a step starts are named by it.
    var id = 0

    /// The case index of a step that completes a held effect.
    static var completeCase: Int { -1 }
    /// The case index of a step that fails a held effect.
    static var failCase: Int { -2 }

    @inline(__always) init(caseIndex: Int, payload: Value, action: Action?, id: Int = 0) {
      self.caseIndex = caseIndex
      self.payload = payload
      self.action = action
      self.id = id
    }

    /// Completes (or fails) the held effect `effect` names.
    init(releasing effect: EffectReference, failing: Bool, id: Int) {
      self.init(
        caseIndex: failing ? Self.failCase : Self.completeCase, payload: effect.value, action: nil, id: id)
    }

    /// The held effect the step completes or fails; nil for an action.
    var effect: EffectReference? {
      caseIndex < 0 ? EffectReference(payload) : nil
    }

    /// Whether the step completes or fails a held effect.
    var isEffect: Bool { caseIndex < 0 }

    /// Whether the step fails its held effect.
    var fails: Bool { caseIndex == Self.failCase }

    /// The same step as step `id` of its run.
    func numbered(_ id: Int) -> Step {
      Step(caseIndex: caseIndex, payload: payload, action: action, id: id)
    }

    /// The same step with its `id`, and the step its effect names, `offset` further on (an effect
    /// the listeners made as they started, before any step, stays named so).
    func moved(by offset: Int) -> Step {
      guard let effect, effect.step >= 0 else { return numbered(id + offset) }
      return Step(releasing: EffectReference(step: effect.step + offset, ordinal: effect.ordinal, label: effect.label), failing: fails, id: id + offset)
    }
  }

  /// A run that broke an invariant: the accepted actions up to the break.
  struct Failure: Sendable {
    let run: Int
    let invariant: Int
    let steps: [Step]
  }

  /// What one run did.
  struct RunResult: Sendable {
    var coverage: ExploreCoverage
    var failure: Failure?
  }

  let start: State
  let reducer: @Sendable (State, Action) throws -> State
  let statesDiffer: (@Sendable (State, State) -> Bool)?
  let invariants: [Invariant<State>]
  /// Every example of each case, and how deep its innermost case is.
  let templates: [[Value]]
  let depths: [Int]
  /// The cases `--only` and `--skip` leave, by index.
  let enabled: [Int]
  let generator: PayloadGenerator
  /// Reads a generated payload as an action; nil when the action type cannot decode it.
  let decode: @Sendable (Value) -> Action?
  /// The abstract state of each step, for the state coverage.
  let abstraction: StateAbstraction<State>
  /// The predicates of the `--cover` requirements, counted after every accepted step.
  let requirements: [@Sendable (State) -> Bool]

  /// The decoded actions of cases that carry no payload, decoded once.
  private let fixedActions: [Action?]

  init(
    start: State, reducer: @escaping @Sendable (State, Action) throws -> State, statesDiffer: (@Sendable (State, State) -> Bool)?,
    invariants: [Invariant<State>], catalog: ActionCatalog, enabled: [Int], pool: LeafPool, decode: @escaping @Sendable (Value) -> Action?,
    requirements: [@Sendable (State) -> Bool] = [], abstraction: StateAbstraction<State>? = nil
  ) {
    self.abstraction = abstraction ?? StateAbstraction()
    self.requirements = requirements
    self.start = start
    self.reducer = reducer
    self.statesDiffer = statesDiffer
    self.invariants = invariants
    self.templates = catalog.examples
    self.depths = catalog.cases.map(\.path.count)
    self.enabled = enabled
    self.generator = PayloadGenerator(pool: pool)
    self.decode = decode
    self.fixedActions = zip(catalog.cases, catalog.examples).map { actionCase, examples in
      actionCase.parameters.isEmpty && examples.count == 1 ? decode(examples[0]) : nil
    }
  }

  /// The first invariant that does not hold on `state`; with `settled`, only those checked after
  /// every dispatch (false) or only those checked once the listeners settle (true). The reducer
  /// alone has no listeners: every state it returns is settled, and every invariant is checked.
  func brokenInvariant(on state: State, settled: Bool? = nil) -> Int? {
    for index in invariants.indices where settled.map({ invariants[index].isSettled == $0 }) ?? true && !invariants[index].holds(state) {
      return index
    }
    return nil
  }

  /// What a job keeps from run to run: decoded payloads, and the abstract states it has described.
  struct Memo {
    var cache: [Value: Action?] = [:]
    var described: Set<UInt64> = []
  }

  /// A run under way: its state and abstract state, the steps the reducer accepted, its coverage,
  /// and which coverage requirements held after one of its steps.
  struct RunProgress {
    var state: State
    var code: UInt64
    var accepted: [Step] = []
    var coverage: ExploreCoverage
    var covered: [Bool]
  }

  /// What became of one step: the transition it took when the reducer accepted it, and the
  /// invariant it broke.
  struct StepOutcome {
    var transition: StateCoverage.Transition?
    var broken: Int?
  }

  /// A run of index `index` at the start.
  func startRun(_ index: Int, memo: inout Memo) -> RunProgress {
    var coverage = ExploreCoverage(caseCount: templates.count, requirementCount: requirements.count)
    coverage.runs = 1
    let code = abstraction.code(of: start)
    coverage.states.states[code] = 1
    noteDescription(of: start, code: code, coverage: &coverage, memo: &memo)
    return RunProgress(state: start, code: code, coverage: coverage, covered: Array(repeating: false, count: requirements.count))
  }

  /// Where a run stood after some accepted steps: its state and abstract state. The reducer is a
  /// function of the state and the action alone, so a run that starts here after those steps is
  /// the run that replays them, without calling the reducer again.
  struct Snapshot {
    let state: State
    let code: UInt64
  }

  /// A run of index `index` that starts where `steps` left a run, at `snapshot`: the steps are its
  /// accepted ones (a failure lists them), not tried again, and not counted as tried.
  func resumeRun(_ index: Int, after steps: [Step], at snapshot: Snapshot, memo: inout Memo) -> RunProgress {
    var coverage = ExploreCoverage(caseCount: templates.count, requirementCount: requirements.count)
    coverage.runs = 1
    coverage.states.states[snapshot.code] = 1
    noteDescription(of: snapshot.state, code: snapshot.code, coverage: &coverage, memo: &memo)
    // A requirement that holds where the run starts counts the run, as its last replayed step
    // would have; one that held only earlier on the way is not known here, and is not counted.
    let covered = requirements.map { $0(snapshot.state) }
    for index in covered.indices where covered[index] { coverage.requirementRuns[index] += 1 }
    return RunProgress(state: snapshot.state, code: snapshot.code, accepted: steps, coverage: coverage, covered: covered)
  }

  /// Keeps how the abstract state `code` of `state` reads, the first time this job meets it.
  func noteDescription(of state: State, code: UInt64, coverage: inout ExploreCoverage, memo: inout Memo) {
    if memo.described.insert(code).inserted {
      coverage.states.descriptions[code] = abstraction.describe(state)
    }
  }

  /// Runs `action` (of case `caseIndex`, generated as `payload`) on the run's state: a rejection
  /// is counted; an accepted step moves the state, counts its transition and the requirements
  /// that hold, and is checked against the invariants.
  @inline(__always) func apply(_ step: Step, to run: inout RunProgress, memo: inout Memo) -> StepOutcome {
    guard let action = step.action else { return StepOutcome() }
    let caseIndex = step.caseIndex
    let next: State
    do {
      next = try reducer(run.state, action)
    } catch {
      run.coverage.cases[caseIndex].rejected += 1
      run.coverage.cases[caseIndex].rejections[String(describing: error), default: 0] += 1
      return StepOutcome()
    }
    run.coverage.cases[caseIndex].accepted += 1
    // An unchanged state keeps its abstract state: only a change is abstracted again.
    var code = run.code
    if statesDiffer?(run.state, next) ?? true {
      run.coverage.cases[caseIndex].changed += 1
      code = abstraction.code(of: next)
      if run.coverage.states.states[code] == nil { noteDescription(of: next, code: code, coverage: &run.coverage, memo: &memo) }
    }
    let transition = StateCoverage.Transition(from: run.code, caseIndex: caseIndex, to: code)
    run.coverage.states.states[code, default: 0] += 1
    run.coverage.states.transitions[transition, default: 0] += 1
    run.code = code
    run.state = next
    for index in requirements.indices where requirements[index](next) {
      run.coverage.requirementSteps[index] += 1
      if !run.covered[index] {
        run.covered[index] = true
        run.coverage.requirementRuns[index] += 1
      }
    }
    run.accepted.append(step)
    return StepOutcome(transition: transition, broken: brokenInvariant(on: next))
  }

  /// Draws an action of case `caseIndex` for run `run`; nil when its payload does not decode.
  @inline(__always) func draw(_ caseIndex: Int, _ random: inout SplitMix, run: inout RunProgress, memo: inout Memo) -> Step? {
    guard let (payload, action) = generate(caseIndex, &random, cache: &memo.cache, coverage: &run.coverage) else { return nil }
    return Step(caseIndex: caseIndex, payload: payload, action: action)
  }

  /// Runs run `index` from its own seed: up to `steps` actions drawn from its swarm.
  func run(_ index: Int, seed: UInt64, steps: Int, memo: inout Memo) -> RunResult {
    var random = SplitMix(seed: SplitMix.runSeed(seed, run: index))
    let swarm = swarm(&random)
    var run = startRun(index, memo: &memo)
    guard !swarm.isEmpty else { return RunResult(coverage: run.coverage) }
    for _ in 0..<steps {
      guard let step = draw(swarm[random.below(swarm.count)], &random, run: &run, memo: &memo) else { continue }
      if let broken = apply(step, to: &run, memo: &memo).broken {
        return RunResult(coverage: run.coverage, failure: Failure(run: index, invariant: broken, steps: run.accepted))
      }
    }
    return RunResult(coverage: run.coverage)
  }

  /// Draws the subset of the enabled cases run `index` uses: a "swarm" run, so long runs of one action happen.
  func swarm(_ random: inout SplitMix) -> [Int] {
    var swarm = enabled.filter { _ in random.chance(1, in: 2) }
    if swarm.isEmpty, !enabled.isEmpty { swarm = [enabled[random.below(enabled.count)]] }
    return swarm
  }

  /// A payload of case `caseIndex` and its action, counted in `coverage`; nil when it does not decode.
  @inline(__always) func generate(
    _ caseIndex: Int, _ random: inout SplitMix, cache: inout [Value: Action?], coverage: inout ExploreCoverage
  ) -> (Value, Action)? {
    coverage.cases[caseIndex].generated += 1
    if let fixed = fixedActions[caseIndex] {
      return (templates[caseIndex][0], fixed)
    }
    let examples = templates[caseIndex]
    let payload = generator.generateAction(examples[random.below(examples.count)], depth: depths[caseIndex], &random)
    guard let decoded = Self.action(for: payload, cache: &cache, decode: decode) else {
      coverage.cases[caseIndex].undecodable += 1
      return nil
    }
    return (payload, decoded)
  }

  /// The action `payload` decodes to, decoded once per payload.
  @inline(__always) static func action(for payload: Value, cache: inout [Value: Action?], decode: (Value) -> Action?) -> Action? {
    if let known = cache[payload] { return known }
    let decoded = decode(payload)
    if cache.count >= 65_536 { cache.removeAll(keepingCapacity: true) }
    cache[payload] = .some(decoded)
    return decoded
  }

  /// Replays `steps` from the start: the accepted ones up to where `invariant` breaks, or nil
  /// when it never does. Actions the reducer now rejects are left out.
  func replay(_ steps: [Step], breaking invariant: Int) -> [Step]? {
    var state = start
    var kept: [Step] = []
    kept.reserveCapacity(steps.count)
    for step in steps {
      guard let action = step.action, let next = ReducerTrial.next(reducer, from: state, action) else { continue }
      state = next
      kept.append(step)
      if !invariants[invariant].holds(state) { return kept }
    }
    return nil
  }

  /// The states before and after the last step of `steps`.
  func lastTransition(_ steps: [Step]) -> (before: State, after: State) {
    var state = start
    var before = start
    for step in steps {
      guard let action = step.action, let next = ReducerTrial.next(reducer, from: state, action) else { continue }
      before = state
      state = next
    }
    return (before, state)
  }
}
