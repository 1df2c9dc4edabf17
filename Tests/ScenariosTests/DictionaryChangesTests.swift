import HashTreeCollections
@testable import StateValues
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The dictionary comparison behind every diff, against a plain reference: the changed keys in
/// key order with their old and new values, and the unchanged keys counted between them — for
/// derived dictionaries (a few values replaced, keys added and removed) and unrelated ones, for
/// few changes and many, with `String` and `Int` keys, through the generic and the specialized code.
@Suite struct DictionaryChangesTests {
  struct Item: Equatable, Sendable {
    var name: String
    var revision: Int
  }

  /// What the changes must be, computed the slow, obvious way.
  struct Expected<Key: Hashable>: Equatable {
    var keys: [Key]
    var values: [Pair]
    var unchangedBefore: [Int]
    var unchangedAfter: Int

    struct Pair: Equatable {
      var old: Item?
      var new: Item?
    }

    /// The changes computed with the standard library alone: keys in the order people expect
    /// (`areInIncreasingOrder`: numbers by value, text by `String`'s own comparison), and each
    /// unchanged key counted in the gap before the first changed key that sorts after it.
    init(old: [Key: Item], new: [Key: Item], by areInIncreasingOrder: (Key, Key) -> Bool) {
      let changed = Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }
      keys = changed.sorted(by: areInIncreasingOrder)
      values = keys.map { Pair(old: old[$0], new: new[$0]) }
      var gaps = Array(repeating: 0, count: keys.count + 1)
      for key in new.keys where !changed.contains(key) {
        gaps[keys.filter { areInIncreasingOrder($0, key) }.count] += 1
      }
      unchangedBefore = Array(gaps.dropLast())
      unchangedAfter = gaps.last ?? 0
    }

    init(_ changes: DictionaryChanges) {
      keys = changes.changes.map { $0.key as! Key }
      values = changes.changes.map { Pair(old: $0.old as! Item?, new: $0.new as! Item?) }
      unchangedBefore = changes.unchangedBefore
      unchangedAfter = changes.unchangedAfter
    }
  }

  /// `old` and a dictionary derived from it by `replaced` value changes, `added` new keys and `removed` deletions.
  static func derived<Key: Hashable>(
    count: Int, replaced: Int, added: Int, removed: Int, key: (Int) -> Key, generator: inout SplitMix
  ) -> (old: TreeDictionary<Key, Item>, new: TreeDictionary<Key, Item>) {
    var old = TreeDictionary<Key, Item>()
    for index in 0..<count { old[key(index)] = Item(name: "a place with a long enough name \(index)", revision: 0) }
    var new = old
    for _ in 0..<replaced {
      let index = Int.random(in: 0..<count, using: &generator)
      new[key(index)]?.revision += 1
    }
    for offset in 0..<added { new[key(count + offset)] = Item(name: "added \(offset)", revision: 0) }
    for _ in 0..<removed { new[key(Int.random(in: 0..<count, using: &generator))] = nil }
    return (old, new)
  }

  private func check<Key: Hashable & Sendable & Comparable>(
    _ old: TreeDictionary<Key, Item>, _ new: TreeDictionary<Key, Item>, _ context: String
  ) throws {
    let expected = Expected(
      old: Dictionary(uniqueKeysWithValues: old.map { ($0.key, $0.value) }),
      new: Dictionary(uniqueKeysWithValues: new.map { ($0.key, $0.value) }),
      by: <)
    let generic = try #require(try new.changes(since: old))
    #expect(Expected<Key>(generic) == expected, "generic: \(context)")
    let specialized = try #require(try DiffSpecialization.treeDictionary(Key.self, Item.self).changes(old, new))
    #expect(Expected<Key>(specialized) == expected, "specialized: \(context)")
    let plainOld = Dictionary(uniqueKeysWithValues: old.map { ($0.key, $0.value) })
    let plainNew = Dictionary(uniqueKeysWithValues: new.map { ($0.key, $0.value) })
    let plain = try #require(try plainNew.changes(since: plainOld))
    #expect(Expected<Key>(plain) == expected, "Dictionary: \(context)")
  }

  @Test(arguments: [(0, 0, 0), (1, 0, 0), (3, 0, 0), (7, 0, 0), (8, 0, 0), (40, 0, 0), (0, 1, 0), (0, 0, 1), (2, 3, 2), (9, 5, 5)])
  func derivedDictionariesWithStringKeys(replaced: Int, added: Int, removed: Int) throws {
    var generator = SplitMix(seed: UInt64(replaced * 100 + added * 10 + removed))
    for count in [0, 1, 5, 33, 300] where count > 0 || (replaced == 0 && removed == 0) {
      let (old, new) = Self.derived(
        count: count, replaced: replaced, added: added, removed: removed,
        key: { "a key long enough to live on the heap, number \($0)" }, generator: &generator)
      try check(old, new, "\(count) entries, \(replaced) replaced, \(added) added, \(removed) removed")
    }
  }

  @Test(arguments: [(1, 0, 0), (8, 2, 2), (0, 3, 0)])
  func derivedDictionariesWithIntKeys(replaced: Int, added: Int, removed: Int) throws {
    var generator = SplitMix(seed: 7)
    let (old, new) = Self.derived(count: 200, replaced: replaced, added: added, removed: removed, key: { $0 - 100 }, generator: &generator)
    try check(old, new, "Int keys, \(replaced) replaced, \(added) added, \(removed) removed")
  }

  @Test func unrelatedDictionaries() throws {
    var generator = SplitMix(seed: 42)
    for round in 0..<50 {
      var old = TreeDictionary<String, Item>()
      var new = TreeDictionary<String, Item>()
      for index in 0..<Int.random(in: 0..<40, using: &generator) where Bool.random(using: &generator) {
        old["k\(index)"] = Item(name: "n", revision: Int.random(in: 0..<2, using: &generator))
      }
      for index in 0..<Int.random(in: 0..<40, using: &generator) where Bool.random(using: &generator) {
        new["k\(index)"] = Item(name: "n", revision: Int.random(in: 0..<2, using: &generator))
      }
      try check(old, new, "round \(round)")
    }
  }
}
