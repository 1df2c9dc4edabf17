import Foundation
import Testing

@testable import Scenarios
@testable import StateValues

/// How `explore --against` compares two revisions' answers: outcomes, rejections, states as
/// values, with the noise left out and the allowed paths allowed; and the values' wire form.
@Suite struct SequenceComparisonTests {
  private static func counter(_ value: Int, label: String = "x") -> Value {
    .structure(typeName: "Counter", fields: [Field("value", .int(value)), Field("label", .string(label))])
  }

  private static func accepted(_ value: Value?) -> AgainstStep { .accepted(state: value.map(WireValue.init)) }

  @Test func theSameAnswersAgree() {
    let answers = [Self.accepted(Self.counter(1)), .rejected("no"), Self.accepted(nil)]
    let comparison = SequenceComparison(old: answers, new: answers, oldStart: Self.counter(0), newStart: Self.counter(0), noise: [], allowed: [])
    #expect(comparison.divergence == nil)
    #expect(comparison.allowedSteps == 0)
  }

  @Test func anAcceptanceAgainstARejectionDiverges() throws {
    let comparison = SequenceComparison(
      old: [Self.accepted(Self.counter(1)), Self.accepted(Self.counter(2))], new: [Self.accepted(Self.counter(1)), .rejected("too big")],
      oldStart: Self.counter(0), newStart: Self.counter(0), noise: [], allowed: [])
    let divergence = try #require(comparison.divergence)
    #expect(divergence.index == 1)
    #expect(divergence.paths.isEmpty)
    #expect(divergence.new == .rejected("too big"))
  }

  @Test func rejectionsForDifferentReasonsDiverge() {
    let comparison = SequenceComparison(
      old: [.rejected("not found")], new: [.rejected("not allowed")], oldStart: Self.counter(0), newStart: Self.counter(0), noise: [], allowed: [])
    #expect(comparison.divergence?.index == 0)
  }

  @Test func aStateThatDiffersNamesThePath() throws {
    let comparison = SequenceComparison(
      old: [Self.accepted(Self.counter(1))], new: [Self.accepted(Self.counter(1, label: "y"))], oldStart: Self.counter(0), newStart: Self.counter(0),
      noise: [], allowed: [])
    let divergence = try #require(comparison.divergence)
    #expect(divergence.paths.map(\.description) == ["label"])
  }

  @Test func theNoiseIsLeftOut() throws {
    let label = try StatePath(parsing: "label")
    let comparison = SequenceComparison(
      old: [Self.accepted(Self.counter(1))], new: [Self.accepted(Self.counter(1, label: "y"))], oldStart: Self.counter(0), newStart: Self.counter(0),
      noise: [label], allowed: [])
    #expect(comparison.divergence == nil)
    #expect(comparison.allowedSteps == 0)
  }

  @Test func anAllowedPathIsCountedNotFailed() throws {
    let value = try StatePath(parsing: "value")
    let comparison = SequenceComparison(
      old: [Self.accepted(Self.counter(1)), Self.accepted(nil)], new: [Self.accepted(Self.counter(2)), Self.accepted(nil)],
      oldStart: Self.counter(0), newStart: Self.counter(0), noise: [], allowed: [value])
    #expect(comparison.divergence == nil)
    // The states stay apart at the allowed path after the step that parted them.
    #expect(comparison.allowedSteps == 2)
    #expect(comparison.allowedPaths == [value])
    // A change outside the allowed path still fails.
    let outside = SequenceComparison(
      old: [Self.accepted(Self.counter(1))], new: [Self.accepted(Self.counter(2, label: "y"))], oldStart: Self.counter(0), newStart: Self.counter(0),
      noise: [], allowed: [value])
    #expect(outside.divergence?.paths.map(\.description) == ["label"])
  }

  @Test func aDictionaryWhoseKeysDifferDiffersAsAWhole() {
    let old = Value.dictionary([Entry(.string("a"), .int(1)), Entry(.string("b"), .int(2))])
    let new = Value.dictionary([Entry(.string("a"), .int(1)), Entry(.string("c"), .int(2))])
    var paths: [StatePath] = []
    ValueDifferences.paths(.structure(typeName: "S", fields: [Field("data", old)]), .structure(typeName: "S", fields: [Field("data", new)]), into: &paths)
    #expect(paths.map(\.description) == ["data"])
    var entryPaths: [StatePath] = []
    let changed = Value.dictionary([Entry(.string("a"), .int(1)), Entry(.string("b"), .int(3))])
    ValueDifferences.paths(.structure(typeName: "S", fields: [Field("data", old)]), .structure(typeName: "S", fields: [Field("data", changed)]), into: &entryPaths)
    #expect(entryPaths.map(\.description) == ["data.b"])
  }

  @Test func everyValueCrossesTheWireUnchanged() throws {
    let value = Value.structure(
      typeName: "State",
      fields: [
        Field("text", .string("a \"quoted\" line\n")), Field("count", .int(-3)), Field("ratio", .double(0.1)), Field("nan", .double(.nan)),
        Field("inf", .double(-.infinity)), Field("flag", .bool(true)), Field("none", .null), Field("when", .date(Date(timeIntervalSinceReferenceDate: 12.5))),
        Field("list", .array([.int(1), .enumCase(typeName: "Diet", name: "herbivorous", arguments: nil)])),
        Field("map", .dictionary([Entry(.enumCase(typeName: "Diet", name: "carnivorous", arguments: nil), .string("x"))])),
        Field("result", .enumCase(typeName: nil, name: "failure", arguments: [Field("error", .string("e"))])),
        Field("path", .keyPath(["a", "b"])), Field("closure", .opaque("<closure>")),
      ])
    let data = try JSONEncoder().encode(WireValue(value))
    let back = try JSONDecoder().decode(WireValue.self, from: data).value
    // NaN is not equal to itself: compare the printed forms, which show it.
    #expect(ValuePrinter.singleLine(back) == ValuePrinter.singleLine(value))
    guard case .structure(_, let fields) = back, case .double(let nan) = fields[3].value else {
      Issue.record("not a structure: \(back)")
      return
    }
    #expect(nan.isNaN)
  }

  @Test func aValueWithTwoCasesIsRefused() {
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(WireValue.self, from: Data(#"{"s": "a", "i": 1}"#.utf8)) }
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(WireValue.self, from: Data(#"{"d": "many"}"#.utf8)) }
  }
}
