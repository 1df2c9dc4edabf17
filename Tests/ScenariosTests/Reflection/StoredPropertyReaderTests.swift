import StateValues
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The key-path reader of stored properties reads what `Mirror` reads, and declines the types
/// whose storage a key path cannot read as a plain value.
@Suite struct StoredPropertyReaderTests {
  final class Owner {}

  struct Plain {
    var count: Int
    var name: String
    var tags: [String]
    var note: String?
    var owner: Owner
  }

  struct Weakly {
    var count: Int
    weak var owner: Owner?
  }

  struct Unowned {
    var count: Int
    unowned var owner: Owner
  }

  struct Generic<Element> {
    var first: Element
    var rest: [Element]
  }

  @Test func readsWhatAMirrorReads() throws {
    let owner = Owner()
    let plain = Plain(count: 3, name: "shelf", tags: ["a"], note: nil, owner: owner)
    let reader = try #require(StoredPropertyReader.of(plain))
    #expect(reader.labels == Mirror(reflecting: plain).children.map(\.label))
    let values = try #require(reader.values(of: plain))
    #expect(values.count == 5)
    #expect(values[0] as? Int == 3)
    #expect(values[1] as? String == "shelf")
    #expect(values[2] as? [String] == ["a"])
    #expect((values[3] as? String?) == .some(nil))
    let readOwner = values[4] as? Owner
    #expect(readOwner.map(ObjectIdentifier.init) == ObjectIdentifier(owner))
    let generic = Generic(first: 1, rest: [2, 3])
    #expect(try #require(StoredPropertyReader.of(generic)?.values(of: generic)).compactMap { $0 as? Int } == [1])
  }

  @Test func weakAndUnownedStorageIsLeftToMirror() {
    let owner = Owner()
    #expect(StoredPropertyReader.of(Weakly(count: 1, owner: owner)) == nil)
    #expect(StoredPropertyReader.of(Unowned(count: 1, owner: owner)) == nil)
    #expect(ValueEncoder.storedPropertyValues(of: Weakly(count: 1, owner: owner)).count == 2)
  }

  struct Marker: Equatable {}
  struct OnlyMarkers: Equatable { var first = Marker(); var second = Marker() }

  @Test func aStructOfNoSizeIsLeftToMirror() {
    #expect(StoredPropertyReader.of(OnlyMarkers()) == nil)
    #expect(ValueEncoder.storedPropertyValues(of: OnlyMarkers()).count == 2)
  }

  @Test func aValueOfAnotherTypeIsNotRead() throws {
    let reader = try #require(StoredPropertyReader.of(Generic(first: 1, rest: [])))
    #expect(reader.values(of: Generic(first: "a", rest: [])) == nil)
  }

  @Test func differencesListOnlyTheChangedPropertiesWithTheirValues() throws {
    let owner = Owner()
    let before = Plain(count: 3, name: "shelf", tags: ["a"], note: nil, owner: owner)
    var after = before
    after.tags.append("b")
    after.owner = Owner()
    let reader = try #require(StoredPropertyReader.of(before))
    let differences = try #require(reader.differences(from: before, to: after))
    #expect(differences.map(\.index) == [2, 4])
    #expect(differences.first?.old as? [String] == ["a"])
    #expect(differences.first?.new as? [String] == ["a", "b"])
    #expect(try #require(reader.differences(from: before, to: before)).isEmpty)
    #expect(reader.differences(from: before, to: Generic(first: 1, rest: [])) == nil)
  }
}
