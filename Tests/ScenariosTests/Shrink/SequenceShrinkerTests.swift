import StateValues
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The one shrinker's core on plain elements: ddmin finds the few that matter among many, a unit
/// goes and stays whole, payloads simplify, and a property that holds costs one replay.
@MainActor @Suite struct SequenceShrinkerTests {
  /// An element: a number, the unit it belongs to, and an optional payload.
  struct Item: Equatable {
    let number: Int
    let unit: Int
    var payload: Value?
  }

  private func moves() -> SequenceShrinker<Item>.Moves {
    let simplifier = PayloadSimplifier(symbols: [:], strings: [])
    return .init(
      unit: \.unit, payload: \.payload,
      withPayload: { item, payload in Item(number: item.number, unit: item.unit, payload: payload) },
      simpler: { item in
        guard let payload = item.payload else { return [] }
        return simplifier.simpler(payload).map { Item(number: item.number, unit: item.unit, payload: $0) }
      },
      simplerLeaf: { simplifier.simpler($0) })
  }

  /// Breaks when `needed` appear in this order; keeps everything up to the last of them.
  private func needing(_ needed: [Int]) -> @MainActor ([Item]) async -> [Item]? {
    { items in
      var next = 0
      for (index, item) in items.enumerated() where next < needed.count && item.number == needed[next] {
        next += 1
        if next == needed.count { return Array(items[...index]) }
      }
      return nil
    }
  }

  @Test func ddminFindsTheThreeThatMatterAmongTenThousand() async throws {
    let items = (0..<10_000).map { Item(number: $0, unit: $0) }
    var shrinker = SequenceShrinker(moves: moves(), replay: needing([1_234, 5_000, 8_765]))
    let shrunk = try await shrinker.shrink(items)
    #expect(shrunk.map(\.number) == [1_234, 5_000, 8_765])
    // Chunks first: far fewer replays than one per element.
    #expect(shrinker.replays < 400, "\(shrinker.replays) replays")
  }

  @Test func aUnitGoesAndStaysWhole() async throws {
    // 41 dispatched 42 (a listener's, one unit with it); 42 is not needed, but stays with 41.
    let items = (0..<100).map { Item(number: $0, unit: $0 == 42 ? 41 : $0) }
    var shrinker = SequenceShrinker(moves: moves(), replay: needing([10, 41, 90]))
    let shrunk = try await shrinker.shrink(items)
    #expect(shrunk.map(\.number) == [10, 41, 42, 90])
  }

  @Test func payloadsSimplifyAsLongAsThePropertyStillBreaks() async throws {
    let items = [Item(number: 1, unit: 1, payload: .int(57)), Item(number: 2, unit: 2, payload: .string("hello"))]
    var shrinker = SequenceShrinker(moves: moves()) { items in
      // Breaks while the first payload is positive: the second may go.
      guard case .int(let value)? = items.first?.payload, value > 0 else { return nil }
      return items
    }
    let shrunk = try await shrinker.shrink(items)
    #expect(shrunk == [Item(number: 1, unit: 1, payload: .int(1))])
  }

  @Test func aSharedValueSimplifiesEverywhereAtOnce() async throws {
    // An account opened and drawn from: both must name the same one.
    let items = [Item(number: 1, unit: 1, payload: .string("savings")), Item(number: 2, unit: 2, payload: .string("savings"))]
    var shrinker = SequenceShrinker(moves: moves()) { items in
      items.count == 2 && items[0].payload == items[1].payload ? items : nil
    }
    let shrunk = try await shrinker.shrink(items)
    #expect(shrunk.map(\.payload) == [.string(""), .string("")])
  }

  @Test func deletingAnActionWhileItsNeighbourTakesItsValue() async throws {
    // Queries typed `a`, `b`, `a`, as explore --effects finds search as you type: an empty query
    // or one equal to the query before is rejected (left out); it breaks when the first and the
    // third both apply. Deleting `b` alone leaves `a a`, whose second is rejected; simplifying
    // the third to the empty query is rejected too: only deleting `b` while the third takes its
    // value reaches the two-query minimum.
    let items = [
      Item(number: 1, unit: 1, payload: .string("a")), Item(number: 2, unit: 2, payload: .string("b")), Item(number: 3, unit: 3, payload: .string("a")),
    ]
    var shrinker = SequenceShrinker(moves: moves()) { items in
      var applied: [Item] = []
      for item in items where item.payload != .string("") && applied.last?.payload != item.payload { applied.append(item) }
      return applied.map(\.number).contains(1) && applied.map(\.number).contains(3) ? applied : nil
    }
    let shrunk = try await shrinker.shrink(items)
    #expect(shrunk.map(\.number) == [1, 3], "\(shrunk)")
    #expect(shrunk.map(\.payload) == [.string("a"), .string("b")], "\(shrunk)")
  }

  @Test func deletingAnActionWhileWhatDependedOnItIsRedirected() async throws {
    // Queries `ab`, `a`, `ab` (units 1, 2, 3) and completions (units 4, 5) of the searches units
    // 1 and 2 started, their payload the unit that started each. It breaks when the search of
    // an `ab` completes while the query is `ab`, then the search of `a` completes; a query equal
    // to the one before is rejected. Deleting the first `ab` alone leaves its completion naming
    // nothing; only deleting it while that completion names the second `ab`'s search reaches two.
    let items = [
      Item(number: 1, unit: 1, payload: .string("ab")), Item(number: 2, unit: 2, payload: .string("a")), Item(number: 3, unit: 3, payload: .string("ab")),
      Item(number: 0, unit: 4, payload: nil), Item(number: 0, unit: 5, payload: nil),
    ]
    // The completions' targets: unit 4 completes unit 1's search, unit 5 unit 2's.
    let targets: [Int: Int] = [4: 1, 5: 2]
    var moves = moves()
    moves.redirected = { item, removed, rest in
      guard item.payload == nil, targets[item.unit] == removed else { return [] }
      return rest.filter { $0.payload != nil }.map { Item(number: -$0.unit, unit: item.unit, payload: nil) }
    }
    var shrinker = SequenceShrinker(moves: moves) { items in
      var query: Value?
      var applied: [Item] = []
      var answered = false
      for item in items {
        if let payload = item.payload {
          guard payload != query, payload != .string("") else { continue }
          query = payload
          answered = false
          applied.append(item)
          continue
        }
        // A completion: of the search its number names when redirected, else of its target's.
        let started = item.number < 0 ? -item.number : targets[item.unit] ?? 0
        guard let search = applied.first(where: { $0.unit == started })?.payload else { continue }
        applied.append(item)
        if search == query { answered = true } else if answered { return applied }
      }
      return nil
    }
    let shrunk = try await shrinker.shrink(items)
    #expect(shrunk.map(\.payload) == [.string("a"), .string("ab"), nil, nil], "\(shrunk)")
    #expect(shrunk.map(\.unit) == [2, 3, 4, 5], "\(shrunk)")
  }

  @Test func anIncrementAndADecrementGoTogether() async throws {
    // +1 and −1 that end at 3: one at a time, every removal changes the end; two at once do not.
    let steps = [1, 1, -1, 1, 1, -1, 1, -1, -1, 1, 1, 1, -1, -1, 1]
    let items = steps.enumerated().map { Item(number: $1, unit: $0) }
    var shrinker = SequenceShrinker(moves: moves()) { items in items.map(\.number).reduce(0, +) == 3 ? items : nil }
    let shrunk = try await shrinker.shrink(items)
    #expect(shrunk.map(\.number) == [1, 1, 1])
  }

  @Test func addsThatReachATotalBecomeOneAddOfTheTotal() async throws {
    // Adds of 1, 2 and 2 reach 5: deleting one alone falls short, simplifying lowers the total.
    // One add of 5 is the fewest actions; only raising a kept add by a deleted one's gets there.
    let amounts = [1, 2, 2]
    let items = amounts.enumerated().map { Item(number: 0, unit: $0, payload: .enumCase(typeName: "Tally", name: "add", arguments: [Field("amount", .int($1))])) }
    func total(_ items: [Item]) -> Int {
      items.reduce(0) { sum, item in
        guard case .enumCase(_, _, let arguments?) = item.payload, case .int(let amount) = arguments[0].value, amount >= 0 else { return sum }
        return sum + amount
      }
    }
    var shrinker = SequenceShrinker(moves: moves()) { items in total(items) >= 5 ? items : nil }
    let shrunk = try await shrinker.shrink(items)
    #expect(shrunk.map(\.payload) == [.enumCase(typeName: "Tally", name: "add", arguments: [Field("amount", .int(5))])], "\(shrunk)")
  }

  @Test func anIntegerShrinksToTheBoundItMustReach() async throws {
    // Halving 900 falls short of 517; stepping down from there reaches the bound itself.
    let add = { (amount: Int) in Item(number: 0, unit: 0, payload: .enumCase(typeName: "Tally", name: "add", arguments: [Field("amount", .int(amount))])) }
    var shrinker = SequenceShrinker(moves: moves()) { items in
      guard case .enumCase(_, _, let arguments?) = items.first?.payload, case .int(let amount) = arguments[0].value, amount >= 517 else { return nil }
      return items
    }
    let shrunk = try await shrinker.shrink([add(900)])
    #expect(shrunk == [add(517)], "\(shrunk)")
    #expect(shrinker.replays < 200, "\(shrinker.replays) replays")
  }

  @Test func aPropertyThatHoldsCostsOneReplay() async throws {
    let items = (0..<1_000).map { Item(number: $0, unit: $0) }
    var shrinker = SequenceShrinker(moves: moves(), replay: needing([5_000]))
    #expect(try await shrinker.breaks(items) == nil)
    #expect(shrinker.replays == 1)
  }

  @Test func aReplayThatCannotRunEndsTheShrinkWithItsError() async throws {
    let items = (0..<100).map { Item(number: $0, unit: $0) }
    var replays = 0
    var shrinker = SequenceShrinker(moves: moves()) { (items: [Item]) throws(CommandError) -> [Item]? in
      replays += 1
      // The whole sequence breaks; the first candidate's replay cannot start.
      guard replays == 1 else { throw CommandError("the listeners did not start") }
      return items
    }
    await #expect(throws: CommandError("the listeners did not start")) { try await shrinker.shrink(items) }
    #expect(shrinker.replays == 2)
  }
}
