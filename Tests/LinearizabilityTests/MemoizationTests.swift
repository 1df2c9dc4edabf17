import Synchronization
import Testing

@testable import Linearizability

/// An app's reducer of ordinary quality as the specification: a struct state holding a
/// dictionary, errors that format a message. The search meets the same state and operation
/// again from many placements; the checker must call the reducer once for each pair it keeps.
@Suite struct MemoizationTests {
  struct Shelf: Hashable, Sendable {
    var counts: [String: Int] = [:]
  }

  enum Move: Hashable, Sendable, CustomStringConvertible {
    case stock(String, Int)
    case count(String, seen: Int)

    var description: String {
      switch self {
      case .stock(let item, let amount): "stock \(amount) \(item)"
      case .count(let item, let seen): "count \(item) → \(seen)"
      }
    }
  }

  struct Miscount: Error, CustomStringConvertible {
    let description: String
  }

  /// Counts the reducer's calls, from whichever thread the checker runs a part on.
  final class Calls: Sendable {
    let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var total: Int { count.withLock { $0 } }
  }

  /// A move as an app that never made its actions `Hashable` has it: equal moves cannot be told
  /// equal, so each operation gets its own answers.
  struct OpaqueMove: Sendable, CustomStringConvertible {
    let move: Move
    var description: String { move.description }
  }

  static func reduce(_ shelf: Shelf, _ move: Move, counting calls: Calls) throws -> Shelf {
    calls.add()
    var next = shelf
    switch move {
    case .stock(let item, let amount):
      next.counts[item] = amount
    case .count(let item, let seen):
      let held = shelf.counts[item] ?? 0
      guard held == seen else { throw Miscount(description: "counted \(seen) \(item) but the shelf holds \(held) of \(shelf.counts.count) items") }
    }
    return next
  }

  static func move(for operation: HistoryOperation) throws(OperationError) -> Move? {
    let item = operation["key"]?.name ?? "apple"
    switch operation.function {
    case "write": return operation.outcome == .fail ? nil : .stock(item, operation.requestedValue.integer ?? 0)
    case "read": return operation.outcome == .ok ? .count(item, seen: operation.value.integer ?? 0) : nil
    default: throw OperationError("a shelf knows :read and :write")
    }
  }

  static func model(counting calls: Calls, partitioned: Bool = false) -> ReducerModel<Shelf, Move> {
    ReducerModel(
      initialState: Shelf(),
      reducer: { shelf, move in try reduce(shelf, move, counting: calls) },
      partition: { partitioned ? $0["key"] : nil },
      mapping: { operation throws(OperationError) in try move(for: operation) })
  }

  static func opaqueModel(counting calls: Calls) -> ReducerModel<Shelf, OpaqueMove> {
    ReducerModel(
      initialState: Shelf(),
      reducer: { shelf, opaque in try reduce(shelf, opaque.move, counting: calls) },
      mapping: { operation throws(OperationError) in try move(for: operation).map(OpaqueMove.init) })
  }

  /// Six clients writing few values and reading them back, overlapping at random: many
  /// placements reach the same shelf.
  static func histories() throws -> [History] {
    var random = SeededRandom(state: 11)
    return try (0..<40).map { _ in
      try HistoryReader.read(RandomHistories.register(operations: 30, processes: 8, using: &random).replacingOccurrences(of: "nil}", with: "0}"), source: "shelf.edn")
    }
  }

  @Test func theReducerIsCalledOnceForEachStateAndOperationTheCacheHolds() throws {
    let histories = try Self.histories()
    let uncachedCalls = Calls()
    let cachedCalls = Calls()
    var uncached = LinearizabilityChecker(model: Self.model(counting: uncachedCalls))
    uncached.stepCacheCapacity = 0
    let cached = LinearizabilityChecker(model: Self.model(counting: cachedCalls))
    for history in histories {
      // The cas ops of the random histories are not the shelf's: keep reads and writes.
      let shelfOps = history.keeping(history.operations.filter { $0.function != "cas" }.map(\.id))
      #expect(try uncached.check(shelfOps).name == cached.check(shelfOps).name)
    }
    // When the cache came: 6,357 calls without it (as many as before it), 918 with it; 468 once
    // equal moves shared their answers.
    #expect(cachedCalls.total * 4 < uncachedCalls.total, "\(cachedCalls.total) calls with the cache, \(uncachedCalls.total) without")
  }

  /// Operations whose actions are equal (two clients writing the same count, or reading it)
  /// share the reducer's answers from a state when the actions are `Hashable`: fewer calls, and
  /// the same verdicts and witnesses as when each operation has its own.
  @Test func operationsWithEqualHashableActionsShareTheReducersAnswers() throws {
    let sharedCalls = Calls()
    let apartCalls = Calls()
    let sharing = LinearizabilityChecker(model: Self.model(counting: sharedCalls))
    let apart = LinearizabilityChecker(model: Self.opaqueModel(counting: apartCalls))
    var failures = 0
    for history in try Self.histories() {
      let shelfOps = history.keeping(history.operations.filter { $0.function != "cas" }.map(\.id))
      let (shared, own) = (try sharing.check(shelfOps), try apart.check(shelfOps))
      #expect(shared.name == own.name)
      if case .notLinearizable(let found) = shared, case .notLinearizable(let expected) = own {
        failures += 1
        #expect(found.linearized == expected.linearized && found.blocked == expected.blocked && found.reason == expected.reason)
      }
    }
    #expect(failures > 0)
    // When answers came to be shared: 468 calls shared, 918 each its own (before, 918 both).
    #expect(sharedCalls.total * 3 < apartCalls.total * 2, "\(sharedCalls.total) calls shared, \(apartCalls.total) each its own")
  }

  /// Parts checked on every core find the verdict and the witness that parts checked one by one
  /// find.
  @Test func partsCheckedOnEveryCoreAgreeWithPartsCheckedOneByOne() throws {
    var lines: [String] = []
    for key in 0..<8 {
      for process in 0..<3 {
        lines.append("{:process \(key * 3 + process), :type :invoke, :f :write, :key \"k\(key)\", :value \(process)}")
      }
      for process in 0..<3 {
        lines.append("{:process \(key * 3 + process), :type :ok, :f :write, :key \"k\(key)\", :value \(process)}")
      }
      let seen = key == 5 ? 7 : 1
      lines.append("{:process 99, :type :invoke, :f :read, :key \"k\(key)\", :value nil}")
      lines.append("{:process 99, :type :ok, :f :read, :key \"k\(key)\", :value \(seen)}")
    }
    let history = try HistoryReader.read(lines.joined(separator: "\n"), source: "keys.edn")
    let parallelCalls = Calls()
    let serialCalls = Calls()
    let parallel = LinearizabilityChecker(model: Self.model(counting: parallelCalls, partitioned: true))
    var serial = LinearizabilityChecker(model: Self.model(counting: serialCalls, partitioned: true))
    serial.workerCount = 1
    guard case .notLinearizable(let found) = try parallel.check(history), case .notLinearizable(let expected) = try serial.check(history) else {
      Issue.record("expected not linearizable")
      return
    }
    #expect(found.partition == .string("k5") && expected.partition == .string("k5"))
    #expect(found.linearized == expected.linearized && found.blocked == expected.blocked)
  }
}
