import Foundation
import HashTreeCollections
import Testing
@testable import StateValues

/// A `Set`, a `TreeSet` and a dictionary iterate in an order that Swift's per-process hash seed,
/// their capacity and their history decide. Equal collections built in different ways stand in for
/// the same state in two processes: they print, diff and encode to JSON the same, in one order.
@Suite struct UnorderedCollectionTests {
  /// A point that is `Codable`, printed through its encoding.
  struct Point: Codable, Hashable {
    var x: Int
    var y: Int
  }

  /// A pin that is not `Codable`, printed by reflection.
  struct Pin: Hashable {
    var label: String
    var height: Int
  }

  /// A state that holds a set, as an app's would.
  struct Tagged: Codable, Equatable {
    var tags: Set<String>
  }

  private static let words = (0..<50).map { "tag\($0)" }

  /// The words inserted first to last into a set of the least capacity.
  private static func ascending<Element: Hashable>(_ elements: [Element]) -> Set<Element> {
    var set = Set<Element>()
    for element in elements { set.insert(element) }
    return set
  }

  /// The words inserted last to first into a set made large, after others came and went.
  private static func descending<Element: Hashable>(_ elements: [Element], extra: (Int) -> Element) -> Set<Element> {
    var set = Set<Element>(minimumCapacity: 1_000)
    for index in 0..<300 { set.insert(extra(index)) }
    for element in elements.reversed() { set.insert(element) }
    for index in 0..<300 { set.remove(extra(index)) }
    return set
  }

  /// Every printed form of an encoded value: on one line, pretty, and as JSON.
  private static func printed(_ value: Value) -> [String] {
    [ValuePrinter.singleLine(value), JSONForm(value).text] + ValuePrinter.pretty(value)
  }

  @Test func aSetOfStringsPrintsInOneOrderWhateverItsHistory() throws {
    let first = Self.ascending(Self.words)
    let second = Self.descending(Self.words) { "extra\($0)" }
    #expect(first == second)
    #expect(Array(first) != Array(second), "the two sets must iterate differently for the test to show anything")
    let printed = Self.printed(try ValueEncoder.encode(first))
    #expect(Self.printed(try ValueEncoder.encode(second)) == printed)
    #expect(Self.printed(try ValueEncoder(prefersEncodable: false).value(of: second)) == printed, "reflected the same as encoded")
    #expect(printed[0] == "[" + Self.words.sorted().map { "\"\($0)\"" }.joined(separator: ", ") + "]")
  }

  @Test func aSetOfStructsPrintsInOneOrderEncodedOrReflected() throws {
    let points = (0..<50).map { Point(x: $0 % 7, y: $0) }
    let first = Self.ascending(points)
    let second = Self.descending(points) { Point(x: -$0, y: -1) }
    #expect(Array(first) != Array(second))
    #expect(Self.printed(try ValueEncoder.encode(first)) == Self.printed(try ValueEncoder.encode(second)))

    let pins = (0..<50).map { Pin(label: "p\($0 % 5)", height: $0) }
    let firstPins = Self.ascending(pins)
    let secondPins = Self.descending(pins) { Pin(label: "x", height: $0) }
    #expect(Array(firstPins) != Array(secondPins))
    #expect(Self.printed(try ValueEncoder().value(of: firstPins)) == Self.printed(try ValueEncoder().value(of: secondPins)))
  }

  /// A `TreeSet` iterates in the order of its elements' hashes: in this process, and in another
  /// in another order. Printed, it is in the one order a `Set` prints in.
  @Test func aTreeSetPrintsInTheOrderASetPrintsIn() throws {
    let tree = TreeSet(Self.words)
    #expect(Array(tree) != Self.words.sorted(), "hash order is not the printed order (one chance in many it is)")
    #expect(Self.printed(try ValueEncoder.encode(tree)) == Self.printed(try ValueEncoder.encode(Set(Self.words))))
    #expect(Self.printed(try ValueEncoder(prefersEncodable: false).value(of: tree)) == Self.printed(try ValueEncoder.encode(tree)))
  }

  /// Numbers order by value, strings by their text, other values by how they print.
  @Test func elementsOrderByValueWhereTheyAreNumbers() throws {
    #expect(ValuePrinter.singleLine(try ValueEncoder.encode(Set([10, -3, 2, 0]))) == "[-3, 0, 2, 10]")
    #expect(ValuePrinter.singleLine(try ValueEncoder.encode(Set([10.0, -2.5, -1.0, 2.0, 0.5]))) == "[-2.5, -1.0, 0.5, 2.0, 10.0]")
    #expect(ValuePrinter.singleLine(try ValueEncoder.encode(Set(["b", "a", "B"]))) == #"["B", "a", "b"]"#)
  }

  /// Dictionaries that are equal encode to equal values, whatever order each iterates in: a diff
  /// compares encoded values, and an unchanged dictionary must never show as changed.
  @Test func equalDictionariesEncodeEqually() throws {
    let keys = (0..<50).map { Point(x: $0, y: -$0) }
    var first: [Point: Int] = [:]
    for (index, key) in keys.enumerated() { first[key] = index }
    var second = [Point: Int](minimumCapacity: 1_000)
    for (index, key) in keys.enumerated().reversed() { second[key] = index }
    #expect(first == second)
    #expect(Array(first.keys) != Array(second.keys))
    #expect(try ValueEncoder.encode(first) == ValueEncoder.encode(second))
    #expect(try ValueEncoder().value(of: TreeDictionary(uniqueKeysWithValues: first.map { ($0, $1) })) == ValueEncoder.encode(second))
    #expect(try ValueEncoder(prefersEncodable: false).value(of: first) == ValueEncoder.encode(second))
  }

  /// A key held by identity, which prints as `Token(…)` whichever instance it is.
  final class Token: Hashable {
    static func == (left: Token, right: Token) -> Bool { left === right }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
  }

  /// Keys that print the same (instances of a class) still have one order, by their values, so
  /// that nothing of the dictionary's own order shows; dates order by their exact time.
  @Test func keysThatPrintTheSameOrderByTheirValues() throws {
    let tokens = (0..<20).map { _ in Token() }
    var first: [Token: Int] = [:]
    for (index, token) in tokens.enumerated() { first[token] = index }
    var second = [Token: Int](minimumCapacity: 1_000)
    for (index, token) in tokens.enumerated().reversed() { second[token] = index }
    #expect(Array(first.keys) != Array(second.keys))
    let printed = ValuePrinter.singleLine(try ValueEncoder().value(of: first))
    #expect(ValuePrinter.singleLine(try ValueEncoder().value(of: second)) == printed)
    #expect(printed == "[" + (0..<20).map { "UnorderedCollectionTests.Token(…): \($0)" }.joined(separator: ", ") + "]")

    var changedFirst = first
    var changedSecond = second
    for token in tokens {
      changedFirst[token]? += 100
      changedSecond[token]? += 100
    }
    let diff = try StateDiff().lines(from: first, to: changedFirst).map(\.text)
    #expect(try StateDiff().lines(from: second, to: changedSecond).map(\.text) == diff)
    #expect(diff.filter { $0.hasPrefix("+") } == (0..<20).map { "+   UnorderedCollectionTests.Token(…): \($0 + 100)" + ($0 == 19 ? "" : ",") })

    let base = Date(timeIntervalSince1970: 1_000)
    let dates = Dictionary(uniqueKeysWithValues: (0..<20).map { (base.addingTimeInterval(Double($0) / 100_000), $0) })
    #expect(ValuePrinter.singleLine(try ValueEncoder.encode(dates)) == "[" + (0..<20).map { "\"1970-01-01T00:16:40Z\": \($0)" }.joined(separator: ", ") + "]")
  }

  @Test func equalSetsHaveNoDiffAndASetThatGainsOneElementShowsOneAddedLine() throws {
    let first = Tagged(tags: Self.ascending(Self.words))
    let second = Tagged(tags: Self.descending(Self.words) { "extra\($0)" })
    #expect(try StateDiff().lines(from: first, to: second).isEmpty)

    var grown = second
    grown.tags.insert("tag25a")
    let lines = try StateDiff().lines(from: first, to: grown)
    #expect(lines.filter { $0.kind == .added }.map(\.text) == [#"+     "tag25a","#])
    #expect(lines.filter { $0.kind == .removed }.isEmpty)
    #expect(try StateDiff().lines(from: second, to: grown) == lines, "the same diff from either set")
  }

  /// An array holding a dictionary that was rebuilt but not changed: the diff counts it unchanged.
  @Test func aRebuiltButEqualDictionaryInAnArrayIsUnchanged() throws {
    var first: [Int: String] = [:]
    for index in 0..<50 { first[index] = "v\(index)" }
    var rebuilt = [Int: String](minimumCapacity: 1_000)
    for index in (0..<50).reversed() { rebuilt[index] = "v\(index)" }
    #expect(Array(first.keys) != Array(rebuilt.keys))
    let lines = try StateDiff().lines(from: [first, [0: "a"]], to: [rebuilt, [0: "b"]]).map(\.text)
    #expect(lines == ["  [", "    … (1 unchanged)", "    [", #"-     0: "a""#, #"+     0: "b""#, "    ]", "  ]"])
  }
}
