import Foundation
import ReplShellFoundation

/// Decides whether a history is linearizable against a model: Wing and Gong's search, with
/// Lowe's memoization of (operations linearized, state) pairs already tried, over each of the
/// model's partitions apart (on every core), within a `LinearizeBudget`.
///
/// The reducer is called as few times as the search allows: its answer for a (state,
/// operation) pair is kept in a bounded cache (unless the model's reducer is cheaper than that,
/// `cachesReducerAnswers`), since the search meets the same state again from many placements.
/// A model's reducer must therefore be a function of its arguments alone, as a store's is.
public struct LinearizabilityChecker<Model: LinearizabilityModel>: Sendable {
  /// The specification.
  public let model: Model
  /// How many parts are checked at once: one per core.
  var workerCount = ProcessInfo.processInfo.activeProcessorCount
  /// The reducer's answers each part's search keeps (0 calls the reducer every time).
  var stepCacheCapacity: Int
  /// How the search calls the reducer (`LinearizabilityModel.step`), compiled where the checker
  /// is made.
  @usableFromInline let step: Step

  /// The search's call of the reducer: the number of the state that the action of an operation
  /// leads to from a state's number, or `StepCache.refused`.
  @usableFromInline typealias Step = @Sendable (
    _ model: Model, _ actions: [Model.Action?], _ operation: Int32, _ state: Int32, _ space: inout StateSpace<Model.State>
  ) -> Int32

  /// A checker against `model`. Inlinable: the module that makes it compiles the search's calls
  /// of the reducer for `Model`, so that an app's reducer is as fast inside the checker as it is
  /// in the app.
  @inlinable public init(model: Model) {
    self.init(model: model) { model, actions, operation, state, space in
      model.step(actions, operation, from: state, in: &space)
    }
  }

  /// A checker against `model` whose search calls the reducer through `step`.
  @usableFromInline init(model: Model, step: @escaping Step) {
    self.model = model
    self.step = step
    stepCacheCapacity = model.cachesReducerAnswers ? StepCache.defaultCapacity : 0
  }

  /// The verdict for `history` within the default budget with `deadline`.
  public func check(_ history: History, deadline: ContinuousClock.Instant?) throws(HistoryError) -> Verdict {
    try check(history, budget: LinearizeBudget(deadline: deadline))
  }

  /// The verdict for `history`, or `.unknown` with what ran out once `budget` does. Throws for
  /// an operation the model cannot read, naming its line.
  ///
  /// Every part gets a budget of steps, then the parts left get four times as much (and, once
  /// that would pass the budget's steps, a share of what is left), each going on where it
  /// stopped: a part that fails quickly is found before one whose search is long. The verdict
  /// does not depend on how many cores check the parts: of the parts found failing in a round,
  /// the first in the history's order is the one reported.
  public func check(_ history: History, budget: LinearizeBudget = LinearizeBudget()) throws(HistoryError) -> Verdict {
    guard history.operations.count <= budget.maximumOperations else {
      return .unknown(.operations(limit: budget.maximumOperations))
    }
    var parts: [EDNValue?: [Int]] = [:]
    var order: [EDNValue?] = []
    for operation in history.operations {
      let key = model.partition(of: operation)
      if parts[key] == nil { order.append(key) }
      parts[key, default: []].append(operation.id)
    }
    var searches: [Search<Model>?] = []
    for key in order {
      let part = order.count == 1 ? history : history.keeping(parts[key] ?? [])
      searches.append(Search(model: model, history: part, actions: try actions(of: part), step: step, cacheCapacity: stepCacheCapacity))
    }
    var pending = Array(searches.indices)
    var roundLimit = 4096
    var spent = 0
    while !pending.isEmpty {
      let left = budget.maximumSteps - spent
      guard left > 0 else { return .unknown(.steps(limit: budget.maximumSteps)) }
      let limit = min(roundLimit, max(1, left / pending.count))
      // Each search leaves the list for its round, so that the round holds the only copy of its
      // tables and changes them in place.
      var round: [Search<Model>] = []
      for index in pending {
        if let search = searches[index].take() { round.append(search) }
      }
      let ends = runRound(&round, stepLimit: limit, budget: budget)
      var unfinished: [Int] = []
      var interruption: BudgetShortfall?
      var failure: Counterexample?
      for (position, index) in pending.enumerated() {
        let search = round[position]
        spent += search.statistics.steps - (ends[position].stepsBefore)
        switch ends[position].end {
        case .linearizable: continue
        case .notLinearizable: failure = failure ?? search.counterexample(partition: order[index])
        case .stepLimitReached, nil: unfinished.append(index)
        case .interrupted(let reason): interruption = interruption ?? reason
        }
        searches[index] = search
      }
      if let failure { return .notLinearizable(failure) }
      if let interruption { return .unknown(interruption) }
      pending = unfinished
      roundLimit = roundLimit.multipliedReportingOverflow(by: 4).overflow ? .max : roundLimit * 4
    }
    return .linearizable
  }

  /// The actions of `history`'s operations, nil for those with no effect.
  func actions(of history: History) throws(HistoryError) -> [Model.Action?] {
    var actions: [Model.Action?] = []
    actions.reserveCapacity(history.operations.count)
    for operation in history.operations {
      do {
        actions.append(try model.action(for: operation))
      } catch {
        throw HistoryError(source: history.source, line: operation.invocationLine, message: "\(operation.function): \(error.message)")
      }
    }
    return actions
  }

  /// The search over one part, on the calling thread, within `budget`.
  func checkPart(_ history: History, partition: EDNValue?, budget: LinearizeBudget) throws(HistoryError) -> Verdict {
    let actions = try actions(of: history)
    var search = Search(model: model, history: history, actions: actions, step: step, cacheCapacity: stepCacheCapacity)
    switch search.run(stepLimit: .max, budget: budget) {
    case .linearizable: return .linearizable
    case .notLinearizable: return .notLinearizable(search.counterexample(partition: partition))
    case .stepLimitReached: return .unknown(.steps(limit: budget.maximumSteps))
    case .interrupted(let reason): return .unknown(reason)
    }
  }
}
