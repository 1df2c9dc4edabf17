import ReplShellFoundation

/// One search of a part of a history against a model: the walk (`PlacementSearch`) over the
/// numbers of the states the model's reducer makes, which this keeps (`StateSpace`). The
/// reducer is called, through the checker's `step`, when the walk's cache has no answer for a
/// (state, operation) pair; operations whose actions are equal (when they are `Hashable`) share
/// their answers.
struct Search<Model: LinearizabilityModel>: Sendable {
  let model: Model
  let history: History
  let actions: [Model.Action?]
  private let step: LinearizabilityChecker<Model>.Step
  private var walk: PlacementSearch
  private var space: StateSpace<Model.State>
  /// After a run that found the history not linearizable: the state after the longest
  /// placement.
  private(set) var bestState: Model.State

  init(
    model: Model, history: History, actions: [Model.Action?], step: @escaping LinearizabilityChecker<Model>.Step,
    cacheCapacity: Int = StepCache.defaultCapacity
  ) {
    self.model = model
    self.history = history
    self.actions = actions
    self.step = step
    self.bestState = model.initialState
    self.space = StateSpace(initial: model.initialState)
    self.walk = PlacementSearch(
      history: history, effective: actions.map { $0 != nil }, answerKeys: Self.answerKeys(of: actions), cacheCapacity: cacheCapacity)
  }

  /// A search calling `model`'s reducer as a checker made here does.
  init(model: Model, history: History, actions: [Model.Action?], cacheCapacity: Int = StepCache.defaultCapacity) {
    self.init(model: model, history: history, actions: actions, step: LinearizabilityChecker(model: model).step, cacheCapacity: cacheCapacity)
  }

  /// Per operation, the operation whose answers it shares: the first one with an equal action
  /// when the actions are `Hashable` (reads of one value by many clients, tried from the same
  /// state, are then one call of the reducer), else itself.
  /// Equal means of the same dynamic type too (`AnyHashable` alone finds `1` and `1.0` equal).
  static func answerKeys(of actions: [Model.Action?]) -> [Int32] {
    var keys = actions.indices.map { Int32($0) }
    var first: [ObjectIdentifier: [AnyHashable: Int32]] = [:]
    for (index, action) in actions.enumerated() {
      guard let action else { continue }
      guard let hashable = action as? any Hashable else { return keys }
      let type = ObjectIdentifier(Swift.type(of: hashable))
      let key = AnyHashable(hashable)
      if let earlier = first[type]?[key] {
        keys[index] = earlier
      } else {
        first[type, default: [:]][key] = Int32(index)
      }
    }
    return keys
  }

  /// After a run: the longest placement seen, and the operation that blocked it.
  var best: [Int] { walk.best }
  var blocked: Int? { walk.blocked }
  var statistics: SearchStatistics { walk.statistics }

  /// Searches on where the last run stopped, for up to `stepLimit` more steps within the
  /// budget's; the budget's deadline and cancellation are asked every 1,024 steps.
  mutating func run(stepLimit: Int, budget: LinearizeBudget) -> SearchEnd {
    run(stepLimit: min(stepLimit, budget.maximumSteps), interruption: budget.interruption)
  }

  /// Searches on where the last run stopped; stops after `stepLimit` more steps, or when
  /// `interruption` (asked every 1,024 steps) says why.
  mutating func run(stepLimit: Int, interruption: () -> BudgetShortfall?) -> SearchEnd {
    let model = self.model
    let actions = self.actions
    let step = self.step
    var space = StateSpace(initial: model.initialState)
    swap(&space, &self.space)
    defer { swap(&space, &self.space) }
    let end = walk.run(stepLimit: stepLimit, interruption: interruption) { operation, state in
      step(model, actions, operation, state, &space)
    }
    bestState = space[walk.bestState]
    return end
  }

  /// Why the history is not linearizable, after a run that found it so.
  func counterexample(partition: EDNValue?) -> Counterexample {
    var reason = "no order of the operations still open places it"
    if let blocked, let action = actions[blocked] {
      do {
        _ = try model.reduce(bestState, action)
        reason = "\(action) applies after these, but every order of the operations still open then fails"
      } catch {
        reason = "\(error)"
      }
    }
    return Counterexample(partition: partition, history: history, linearized: best, blocked: blocked, reason: reason)
  }
}
