import Foundation
import Testing

@testable import Scenarios
@testable import StateValues

/// The digest `explore --against` compares before it asks for states: equal values digest
/// alike, a change anywhere changes it, and a sequence's digests follow its states.
@Suite struct ValueDigestTests {
  private static let animal = Value.structure(
    typeName: "Animal", fields: [Field("name", .string("Cat")), Field("diet", .enumCase(typeName: "Diet", name: "carnivorous", arguments: nil))])

  @Test func equalValuesDigestAlike() {
    let copy = Value.structure(
      typeName: "Animal", fields: [Field("name", .string("Cat")), Field("diet", .enumCase(typeName: "Diet", name: "carnivorous", arguments: nil))])
    #expect(ValueDigest.of(Self.animal) == ValueDigest.of(copy))
  }

  @Test func aChangeAnywhereChangesTheDigest() {
    let changes: [Value] = [
      .structure(typeName: "Animal", fields: [Field("name", .string("Dog")), Field("diet", .enumCase(typeName: "Diet", name: "carnivorous", arguments: nil))]),
      .structure(typeName: "Animal", fields: [Field("name", .string("Cat")), Field("diet", .enumCase(typeName: "Diet", name: "herbivorous", arguments: nil))]),
      .structure(typeName: "Animal", fields: [Field("nam", .string("eCat")), Field("diet", .enumCase(typeName: "Diet", name: "carnivorous", arguments: nil))]),
      .array([.string("ab"), .string("c")]), .array([.string("a"), .string("bc")]), .int(1), .double(1), .bool(true), .null, .string(""),
    ]
    var digests = Set([ValueDigest.of(Self.animal)])
    for change in changes { digests.insert(ValueDigest.of(change)) }
    #expect(digests.count == changes.count + 1)
  }

  @Test func aSequencesDigestsFollowItsStates() {
    let start = Value.int(0)
    let steps: [AgainstStep] = [.accepted(state: WireValue(.int(1))), .rejected("no"), .accepted(state: nil), .unreadable("x")]
    #expect(
      AgainstDigest.digests(of: steps, from: start)
        == [.accepted(ValueDigest.of(.int(1))), .rejected("no"), .accepted(ValueDigest.of(.int(1))), .unreadable("x")])
  }
}
