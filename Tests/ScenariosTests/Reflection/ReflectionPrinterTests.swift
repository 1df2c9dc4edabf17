import Foundation
import HashTreeCollections
import StateValues
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The same value printed through its `Codable` conformance and by reflection reads the same,
/// over many generated values.
@Suite struct ReflectionPrinterTests {
  @Test(arguments: 0..<400)
  func generatedValuesPrintTheSameBothWays(seed: Int) throws {
    var generator = SplitMix(seed: UInt64(seed))
    try expectSamePrinting(Sample.random(using: &generator, depth: 3))
  }

  @Test func whatReflectionCannotShowIsAPlaceholder() throws {
    final class Cache {}
    let closure: @Sendable (Int) -> Int = { $0 + 1 }
    let values: [Any] = [Cache(), closure, Int.self]
    let printed = try values.map { try ValuePrinter.singleLine(ValueEncoder().value(of: $0)) }
    #expect(printed == ["ReflectionPrinterTests.Cache(…)", "<closure>", "<opaque>"])
  }

  @Test func aClassInstanceDiffersByIdentityAndAClosureNever() {
    final class Cache {}
    let cache = Cache()
    #expect(ValueEquality.areEqual(cache, cache))
    #expect(!ValueEquality.areEqual(cache, Cache()))
    #expect(ValueEquality.areEqual({ (x: Int) in x } as (Int) -> Int, { (x: Int) in x + 1 } as (Int) -> Int))
  }

  /// Swift encodes the `String` key "9" with the same coding key as the `Int` key 9; the type
  /// tells them apart, so a string key keeps its quotes and sorts as a string.
  @Test func stringKeysThatReadAsIntegersStayStrings() throws {
    let strings: [String: Int] = ["9": 1, "10": 2, "09": 3]
    let trees: TreeDictionary<String, Int> = ["9": 1]
    let integers: [Int: Int] = [9: 1, 10: 2]
    #expect(ValuePrinter.singleLine(try ValueEncoder.encode(strings)) == #"["09": 3, "10": 2, "9": 1]"#)
    #expect(ValuePrinter.singleLine(try ValueEncoder.encode(trees)) == #"["9": 1]"#)
    #expect(ValuePrinter.singleLine(try ValueEncoder.encode(integers)) == "[9: 1, 10: 2]")
  }

  private func expectSamePrinting<T: Encodable>(_ value: T) throws {
    let encoded = try ValueEncoder.encode(value)
    let reflected = try ValueEncoder(prefersEncodable: false).value(of: value)
    #expect(ValuePrinter.pretty(reflected) == ValuePrinter.pretty(encoded))
    #expect(ValuePrinter.singleLine(reflected) == ValuePrinter.singleLine(encoded))
  }
}

/// A `Codable` value of many shapes: nested structs, enums with labelled, unlabelled and optional
/// associated values, optionals, arrays, dictionaries with `String` and `Int` keys, `TreeDictionary`,
/// `Date`, `UUID`, `URL`.
struct Sample: Codable, Sendable {
  enum Kind: String, Codable, CaseIterable, Sendable { case small, large }

  indirect enum Event: Codable, Sendable {
    case started
    case moved(x: Int, y: Int)
    case named(String, note: String?)
    case nested(Sample.Event?)
    case tagged(kind: Kind, at: Date)
  }

  struct Leaf: Codable, Sendable {
    var id: UUID
    var link: URL
    var score: Double
    var flag: Bool
  }

  var title: String
  var count: Int
  var maybe: Int?
  var kind: Kind
  var events: [Event]
  var byName: [String: Leaf]
  var byNumber: [Int: String]
  var tree: TreeDictionary<String, Event>
  var child: [Sample]
  var leaf: Leaf?

  static func random(using generator: inout SplitMix, depth: Int) -> Sample {
    let events = (0..<Int.random(in: 0...3, using: &generator)).map { _ in Event.random(using: &generator, depth: 2) }
    var byName: [String: Leaf] = [:]
    for index in 0..<Int.random(in: 0...3, using: &generator) { byName["k\(index)"] = Leaf.random(using: &generator) }
    var byNumber: [Int: String] = [:]
    for _ in 0..<Int.random(in: 0...3, using: &generator) { byNumber[Int.random(in: -50...50, using: &generator)] = "v" }
    var tree: TreeDictionary<String, Event> = [:]
    for index in 0..<Int.random(in: 0...3, using: &generator) { tree["t\(index)"] = Event.random(using: &generator, depth: 1) }
    return Sample(
      title: ["", "a \"quoted\"\nline", "Ténéré", "plain"].randomElement(using: &generator) ?? "",
      count: Int.random(in: -1_000...1_000, using: &generator),
      maybe: Bool.random(using: &generator) ? nil : Int.random(in: 0...9, using: &generator),
      kind: Kind.allCases.randomElement(using: &generator) ?? .small, events: events, byName: byName, byNumber: byNumber,
      tree: tree, child: depth > 0 && Bool.random(using: &generator) ? [random(using: &generator, depth: depth - 1)] : [],
      leaf: Bool.random(using: &generator) ? Leaf.random(using: &generator) : nil)
  }
}

extension Sample.Leaf {
  static func random(using generator: inout SplitMix) -> Self {
    let number = Int.random(in: 0...999_999, using: &generator)
    return Self(
      id: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number)) ?? UUID(),
      link: URL(string: "https://example.com/\(number)?q=\(number % 7)") ?? URL(fileURLWithPath: "/"),
      score: [0.5, -1e-7, 3, .infinity, 1e21].randomElement(using: &generator) ?? 0, flag: Bool.random(using: &generator))
  }
}

extension Sample.Event {
  static func random(using generator: inout SplitMix, depth: Int) -> Self {
    switch Int.random(in: 0...4, using: &generator) {
    case 0: .started
    case 1: .moved(x: Int.random(in: -9...9, using: &generator), y: 2)
    case 2: .named("n", note: Bool.random(using: &generator) ? "note" : nil)
    case 3 where depth > 0: .nested(Bool.random(using: &generator) ? random(using: &generator, depth: depth - 1) : nil)
    default: .tagged(kind: .large, at: Date(timeIntervalSince1970: Double(Int.random(in: 0...99_999, using: &generator)) / 8))
    }
  }
}
