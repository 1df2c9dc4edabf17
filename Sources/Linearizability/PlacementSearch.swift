import ReplShellFoundation

/// How a search ended.
enum SearchEnd: Equatable, Sendable {
  case linearizable, notLinearizable, stepLimitReached
  /// The budget's deadline passed or the check was cancelled.
  case interrupted(BudgetShortfall)
}

/// What a search did, for tests that count instead of timing.
struct SearchStatistics: Equatable, Sendable {
  /// Steps taken (over every round): placements tried and undone.
  var steps = 0
  /// (set, state) pairs remembered.
  var pairs = 0
  /// The 32-bit words the remembered sets take.
  var storedWords = 0
  /// Calls of the model's reducer.
  var reducerCalls = 0
}

/// The walk of one search, apart from the model: the events as a doubly linked list that
/// placements lift entries out of and undoing puts back (entry 0 is the list's head), and
/// states as their numbers in a `StateSpace`, which the step it is given (the reducer, on a
/// cache miss) maps to the next. Nothing in it is generic, so its loop is compiled once, fully
/// optimized, whatever the model.
///
/// The walk goes on where it stopped: a run that reaches its step limit keeps its place, so the
/// checker's rounds over a history's parts repeat no work.
///
/// The search walks the history's events in order. At an invocation it tries to place that
/// operation next: the reducer must accept its action, and the new (set, state) pair must be
/// one not tried before; then the operation leaves the list and the walk starts again from the
/// front. At a completion of an operation not yet placed, the last placement is undone and the
/// walk goes on past it. `:info` operations have no completion: they may be placed anywhere
/// after their invocation, or never.
struct PlacementSearch: Sendable {
  /// Per entry: its operation, and for an invocation the entry of its completion (-1 for none).
  private var operation: [Int32] = [-1]
  private var match: [Int32] = [-1]
  private var isCall: [Bool] = [false]
  private var next: [Int32] = []
  private var previous: [Int32] = []
  private let required: [Bool]
  private let requiredCount: Int
  /// Per operation: its place among the operations that have an effect, which alone the set of
  /// placed operations numbers (the others are never placed, and would leave gaps in it).
  private let effectiveIndex: [Int32]
  /// Per operation: the key its reducer answers are cached under (an operation with an equal
  /// action shares them).
  private let answerKey: [Int32]

  /// Where a walk that has not ended stands.
  private struct Place: Sendable {
    var placed: OperationSet
    var encoding: [UInt32] = []
    var tried = TriedPlacements()
    /// The top of the stack is a pair of `tried`: its state, and the list entry placed to reach
    /// it; its parent is the pair below.
    var top: Int32 = -1
    var depth = 0
    var bestPair: Int32 = -1
    var bestDepth = 0
    var state: Int32 = 0
    var entry: Int32
    var placedRequired = 0
  }
  private var place: Place?
  private var cache: StepCache
  private var ended: SearchEnd?

  /// After it ended not linearizable: the longest placement seen, the number of the state
  /// after it, and the operation that blocked it.
  private(set) var best: [Int] = []
  private(set) var bestState: Int32 = 0
  private(set) var blocked: Int? = nil
  private(set) var statistics = SearchStatistics()

  /// A search of `history`, whose operations with `effective` false have no effect, keeping
  /// up to `cacheCapacity` answers of the reducer, each operation's under its `answerKeys`
  /// entry (its own index unless it shares another's).
  init(history: History, effective: [Bool], answerKeys: [Int32]? = nil, cacheCapacity: Int) {
    cache = StepCache(capacity: cacheCapacity)
    answerKey = answerKeys ?? history.operations.indices.map { Int32($0) }
    let required = history.operations.map { $0.isRequired && effective[$0.id] }
    self.required = required
    self.requiredCount = required.lazy.filter { $0 }.count
    var effectiveCount: Int32 = 0
    var effectiveIndex: [Int32] = []
    for isEffective in effective {
      effectiveIndex.append(isEffective ? effectiveCount : -1)
      if isEffective { effectiveCount += 1 }
    }
    self.effectiveIndex = effectiveIndex
    var events: [(position: Int, entry: (operation: Int, isCall: Bool))] = []
    for operation in history.operations where effective[operation.id] {
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
    if requiredCount == 0 {
      ended = .linearizable
    } else {
      place = Place(placed: OperationSet(count: Int(effectiveCount)), entry: next[0])
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

  /// Walks on for up to `stepLimit` more steps, or until `interruption` (asked every 1,024
  /// steps) says why to stop. `step` gives the number of the state an operation leads to from
  /// a state, or `StepCache.refused`. A search that has ended answers as it ended.
  mutating func run(stepLimit: Int, interruption: () -> BudgetShortfall?, step: (_ operation: Int32, _ state: Int32) -> Int32) -> SearchEnd {
    if let ended { return ended }
    // A walk that has not ended keeps its place between runs.
    guard var p = place else { return .notLinearizable }
    place = nil
    var cache = StepCache(capacity: 0)
    swap(&cache, &self.cache)
    var steps = 0
    var misses = 0
    var end = SearchEnd.notLinearizable
    walk: while true {
      steps &+= 1
      if steps & 1023 == 0 {
        if steps >= stepLimit {
          end = .stepLimitReached
          break walk
        }
        if let reason = interruption() {
          end = .interrupted(reason)
          break walk
        }
      }
      let entry = p.entry
      if entry >= 0 && isCall[Int(entry)] {
        let op = operation[Int(entry)]
        let newState: Int32
        let key = answerKey[Int(op)]
        if let known = cache.answer(key, from: p.state) {
          newState = known
        } else {
          misses += 1
          newState = step(op, p.state)
          cache.remember(newState, key, from: p.state)
        }
        if newState != StepCache.refused {
          p.placed.insert(Int(effectiveIndex[Int(op)]))
          p.placed.encode(into: &p.encoding)
          if let pair = p.tried.insert(p.encoding, code: p.placed.code, state: newState, parent: p.top, entry: entry) {
            p.top = pair
            p.depth += 1
            p.state = newState
            lift(entry)
            if required[Int(op)] {
              p.placedRequired += 1
              if p.placedRequired == requiredCount {
                end = .linearizable
                break walk
              }
            }
            if p.depth > p.bestDepth {
              p.bestDepth = p.depth
              p.bestPair = p.top
              blocked = nil
            }
            p.entry = next[0]
            continue
          }
          p.placed.remove(Int(effectiveIndex[Int(op)]))
        }
        p.entry = next[Int(entry)]
        continue
      }
      // A completion (or the end) with its operation unplaced: undo the last placement.
      if entry >= 0 && p.depth == p.bestDepth && blocked == nil {
        blocked = Int(operation[Int(entry)])
      }
      guard p.top >= 0 else { break walk }
      let undone = p.tried.entry(p.top)
      let op = Int(operation[Int(undone)])
      if required[op] { p.placedRequired -= 1 }
      p.placed.remove(Int(effectiveIndex[op]))
      p.top = p.tried.parent(p.top)
      p.depth -= 1
      p.state = p.top >= 0 ? p.tried.state(p.top) : 0
      unlift(undone)
      p.entry = next[Int(undone)]
    }
    statistics.steps += steps
    statistics.reducerCalls += misses
    statistics.pairs = p.tried.count
    statistics.storedWords = p.tried.storedWords
    switch end {
    case .stepLimitReached, .interrupted:
      place = p
      swap(&cache, &self.cache)
      return end
    case .linearizable:
      ended = end
      return end
    case .notLinearizable:
      var path: [Int] = []
      path.reserveCapacity(p.bestDepth)
      var pair = p.bestPair
      while pair >= 0 {
        path.append(Int(operation[Int(p.tried.entry(pair))]))
        pair = p.tried.parent(pair)
      }
      best = path.reversed()
      bestState = p.bestPair >= 0 ? p.tried.state(p.bestPair) : 0
      ended = end
      return end
    }
  }
}
