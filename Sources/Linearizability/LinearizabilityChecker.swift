/// Decides whether a history is linearizable against a model: Wing and Gong's search, with
/// Lowe's memoization of (operations linearized, state) pairs already tried, over each of the
/// model's partitions apart.
///
/// The search walks the history's events in order. At an invocation it tries to place that
/// operation next: the reducer must accept its action, and the new (set, state) pair must be
/// one not tried before; then the operation leaves the list and the walk starts again from the
/// front. At a completion of an operation not yet placed, the last placement is undone and the
/// walk goes on past it. `:info` operations have no completion: they may be placed anywhere
/// after their invocation, or never.
public struct LinearizabilityChecker<Model: LinearizabilityModel>: Sendable {
  /// The specification.
  public let model: Model

  /// A checker against `model`.
  public init(model: Model) {
    self.model = model
  }

  /// The verdict for `history`, or `.unknown` once `deadline` has passed. Throws for an
  /// operation the model cannot read, naming its line.
  public func check(_ history: History, deadline: ContinuousClock.Instant? = nil) throws(HistoryError) -> Verdict {
    var parts: [EDNValue?: [Int]] = [:]
    var order: [EDNValue?] = []
    for operation in history.operations {
      let key = model.partition(of: operation)
      if parts[key] == nil { order.append(key) }
      parts[key, default: []].append(operation.id)
    }
    // Every part gets a budget of steps, then the parts left get four times as much: a part
    // that fails quickly is found before one whose search is long (a restart repeats at most a
    // third of the work).
    var searches: [(key: EDNValue?, search: Search<Model>)] = []
    for key in order {
      let part = order.count == 1 ? history : history.keeping(parts[key] ?? [])
      searches.append((key, Search(model: model, history: part, actions: try actions(of: part))))
    }
    var budget = 4096
    while !searches.isEmpty {
      var unfinished: [(key: EDNValue?, search: Search<Model>)] = []
      for var entry in searches {
        switch entry.search.run(deadline: deadline, stepLimit: budget) {
        case .linearizable: continue
        case .notLinearizable: return .notLinearizable(entry.search.counterexample(partition: entry.key))
        case .deadlinePassed: return .unknown
        case .stepLimitReached: unfinished.append(entry)
        }
      }
      searches = unfinished
      budget = budget.multipliedReportingOverflow(by: 4).overflow ? .max : budget * 4
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

  /// The search over one part.
  func checkPart(_ history: History, partition: EDNValue?, deadline: ContinuousClock.Instant?) throws(HistoryError) -> Verdict {
    let actions = try actions(of: history)
    var search = Search(model: model, history: history, actions: actions)
    switch search.run(deadline: deadline, stepLimit: .max) {
    case .linearizable: return .linearizable
    case .notLinearizable: return .notLinearizable(search.counterexample(partition: partition))
    case .deadlinePassed, .stepLimitReached: return .unknown
    }
  }
}

/// How a search ended.
enum SearchEnd {
  case linearizable, notLinearizable, deadlinePassed, stepLimitReached
}

/// The state of one search: the events as a doubly linked list that placements lift entries
/// out of and undoing puts back (entry 0 is the list's head).
struct Search<Model: LinearizabilityModel> {
  let model: Model
  let history: History
  let actions: [Model.Action?]

  /// Per entry: its operation, and for an invocation the entry of its completion (-1 for none).
  var operation: [Int32] = [-1]
  var match: [Int32] = [-1]
  var isCall: [Bool] = [false]
  var next: [Int32] = []
  var previous: [Int32] = []

  /// The longest placement seen, the state after it, and the operation that blocked it.
  var required: [Bool] = []
  var best: [Int] = []
  var bestState: Model.State
  var blocked: Int? = nil

  init(model: Model, history: History, actions: [Model.Action?]) {
    self.model = model
    self.history = history
    self.actions = actions
    self.bestState = model.initialState
    self.required = history.operations.map { $0.isRequired && actions[$0.id] != nil }
    var events: [(position: Int, entry: (operation: Int, isCall: Bool))] = []
    for operation in history.operations where actions[operation.id] != nil {
      events.append((operation.invokedAt * 2, (operation.id, true)))
      if operation.isRequired, let completed = operation.completedAt {
        events.append((completed * 2 + 1, (operation.id, false)))
      }
    }
    events.sort { $0.position < $1.position }
    var completionEntry: [Int: Int32] = [:]
    for (index, event) in events.enumerated() where !event.entry.isCall {
      completionEntry[event.entry.operation] = Int32(index + 1)
    }
    for event in events {
      operation.append(Int32(event.entry.operation))
      isCall.append(event.entry.isCall)
      match.append(event.entry.isCall ? completionEntry[event.entry.operation] ?? -1 : -1)
    }
    let count = events.count + 1
    next = (0..<count).map { Int32($0 + 1 < count ? $0 + 1 : -1) }
    previous = (0..<count).map { Int32($0 - 1) }
  }

  /// Puts every entry back in the list, for a search that starts again.
  private mutating func relink() {
    let count = next.count
    for index in 0..<count {
      next[index] = Int32(index + 1 < count ? index + 1 : -1)
      previous[index] = Int32(index - 1)
    }
  }

  @inline(__always) private mutating func lift(_ entry: Int32) {
    let e = Int(entry)
    next[Int(previous[e])] = next[e]
    if next[e] >= 0 { previous[Int(next[e])] = previous[e] }
    let m = Int(match[e])
    if m > 0 {
      next[Int(previous[m])] = next[m]
      if next[m] >= 0 { previous[Int(next[m])] = previous[m] }
    }
  }

  @inline(__always) private mutating func unlift(_ entry: Int32) {
    let e = Int(entry)
    let m = Int(match[e])
    if m > 0 {
      if next[m] >= 0 { previous[Int(next[m])] = Int32(m) }
      next[Int(previous[m])] = Int32(m)
    }
    if next[e] >= 0 { previous[Int(next[e])] = entry }
    next[Int(previous[e])] = entry
  }

  /// Searches from the start; stops once `deadline` passes or after `stepLimit` steps.
  mutating func run(deadline: ContinuousClock.Instant?, stepLimit: Int) -> SearchEnd {
    relink()
    best = []
    blocked = nil
    bestState = model.initialState
    let requiredCount = required.lazy.filter { $0 }.count
    if requiredCount == 0 { return .linearizable }
    var placedRequired = 0
    var placed = OperationSet(count: history.operations.count)
    var tried = TriedPlacements<Model.State>(operationCount: history.operations.count)
    var stack: [(entry: Int32, state: Model.State)] = []
    var state = model.initialState
    var entry = next[0]
    var steps = 0
    while true {
      steps &+= 1
      if steps & 1023 == 0 {
        if let deadline, ContinuousClock.now >= deadline { return .deadlinePassed }
        if steps >= stepLimit { return .stepLimitReached }
      }
      if entry >= 0 && isCall[Int(entry)] {
        let op = Int(operation[Int(entry)])
        if let action = actions[op], let newState = Self.apply(model, state, action) {
          placed.insert(op)
          if tried.insert(placed, newState) {
            stack.append((entry, state))
            state = newState
            lift(entry)
            if required[op] {
              placedRequired += 1
              if placedRequired == requiredCount { return .linearizable }
            }
            if stack.count > best.count {
              best = stack.map { Int(operation[Int($0.entry)]) }
              bestState = state
              blocked = nil
            }
            entry = next[0]
            continue
          }
          placed.remove(op)
        }
        entry = next[Int(entry)]
        continue
      }
      // A completion (or the end) with its operation unplaced: undo the last placement.
      if entry >= 0 && stack.count == best.count && blocked == nil {
        blocked = Int(operation[Int(entry)])
      }
      guard let (undone, earlierState) = stack.popLast() else { return .notLinearizable }
      let op = Int(operation[Int(undone)])
      if required[op] { placedRequired -= 1 }
      placed.remove(op)
      state = earlierState
      unlift(undone)
      entry = next[Int(undone)]
    }
  }

  /// The state after `action`, or nil when the reducer refuses it.
  @inline(__always) static func apply(_ model: Model, _ state: Model.State, _ action: Model.Action) -> Model.State? {
    do {
      return try model.reduce(state, action)
    } catch {
      return nil
    }
  }

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
