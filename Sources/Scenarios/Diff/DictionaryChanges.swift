import HashTreeCollections

/// The changed entries of a dictionary, sorted by key, and how many unchanged entries lie
/// before each of them (and after the last) in key order.
@usableFromInline struct DictionaryChanges {
  /// One key whose value was added, removed or replaced.
  @usableFromInline struct Change {
    /// The key as the dictionary holds it; encoded only when printed.
    let key: Any
    let old: Any?
    let new: Any?

    @usableFromInline init(key: Any, old: Any?, new: Any?) {
      self.key = key
      self.old = old
      self.new = new
    }
  }

  let changes: [Change]
  let unchangedBefore: [Int]
  let unchangedAfter: Int
  let oldCount: Int
  let newCount: Int

  @usableFromInline init(changes: [Change], unchangedBefore: [Int], unchangedAfter: Int, oldCount: Int, newCount: Int) {
    self.changes = changes
    self.unchangedBefore = unchangedBefore
    self.unchangedAfter = unchangedAfter
    self.oldCount = oldCount
    self.newCount = newCount
  }
}

/// Compiled code for comparing one concrete dictionary type. Through `any DiffableDictionary` the
/// comparison runs as unspecialized generic code, several times slower per entry; a domain names
/// the dictionary types of its state (`.treeDictionary(Quake.ID.self, Quake.self)`) so that their
/// comparison is specialized for those types.
public struct DiffSpecialization: Sendable {
  let dictionaryType: ObjectIdentifier
  let changes: @Sendable (_ old: Any, _ new: Any) throws(CommandError) -> DictionaryChanges?

  @usableFromInline init(
    dictionaryType: ObjectIdentifier, changes: @escaping @Sendable (_ old: Any, _ new: Any) throws(CommandError) -> DictionaryChanges?
  ) {
    self.dictionaryType = dictionaryType
    self.changes = changes
  }

  /// Specialized comparison of `TreeDictionary<Key, Value>` states; inlinable, so that the
  /// domain's module compiles it for its own key and value types.
  @inlinable
  public static func treeDictionary<Key: Hashable & Sendable, Value: Equatable & Sendable>(
    _ key: Key.Type, _ value: Value.Type
  ) -> DiffSpecialization {
    DiffSpecialization(dictionaryType: ObjectIdentifier(TreeDictionary<Key, Value>.self)) { old, new throws(CommandError) in
      try (new as? TreeDictionary<Key, Value>)?.changes(since: old)
    }
  }
}

/// A dictionary type `StateDiff` can compare entry by entry.
@usableFromInline protocol DiffableDictionary {
  /// The changes from `old` (a dictionary of the same type) to this one; nil for another type.
  func changes(since old: Any) throws(CommandError) -> DictionaryChanges?
}

extension DiffableDictionary {
  /// The changes given the changed entries, with the unchanged keys of the new dictionary counted
  /// between them in key order.
  @inlinable
  static func changes<Key: Hashable, Element>(
    _ changed: [(key: Key, old: Element?, new: Element?)], newKeys: some Sequence<Key>, oldCount: Int, newCount: Int
  ) throws(CommandError) -> DictionaryChanges {
    let sortKey = sortKeyFunction(Key.self)
    var sortKeys: [String] = []
    sortKeys.reserveCapacity(changed.count)
    for change in changed { sortKeys.append(try sortKey(change.key)) }
    let order = changed.indices.sorted { sortKeys[$0] < sortKeys[$1] }
    let sortedKeys = order.map { sortKeys[$0] }
    var buckets = Array(repeating: 0, count: changed.count + 1)
    if !changed.isEmpty {
      // A key is hashed only when its sort key equals a changed one: the walk over the other keys
      // compares sort keys and nothing else.
      let changedKeys = Set(changed.map(\.key))
      for key in newKeys {
        let keyText = try sortKey(key)
        var low = 0
        var high = sortedKeys.count
        while low < high {
          let middle = (low + high) / 2
          if sortedKeys[middle] < keyText { low = middle + 1 } else { high = middle }
        }
        if low < sortedKeys.count, sortedKeys[low] == keyText, changedKeys.contains(key) { continue }
        buckets[low] += 1
      }
    } else {
      buckets[0] = newCount
    }
    var changes: [DictionaryChanges.Change] = []
    changes.reserveCapacity(order.count)
    for index in order {
      let change = changed[index]
      changes.append(DictionaryChanges.Change(key: change.key, old: change.old, new: change.new))
    }
    return DictionaryChanges(
      changes: changes,
      unchangedBefore: Array(buckets.dropLast()), unchangedAfter: buckets[changed.count], oldCount: oldCount,
      newCount: newCount)
  }

  /// The added, removed and replaced entries, found by looking every key up in the other dictionary.
  @inlinable
  static func changedByLookup<Key: Hashable, Element: Equatable>(
    old: some Sequence<(key: Key, value: Element)>, oldCount: Int, oldLookup: (Key) -> Element?,
    new: some Sequence<(key: Key, value: Element)>, newCount: Int, newLookup: (Key) -> Element?
  ) -> [(key: Key, old: Element?, new: Element?)] {
    var changed: [(key: Key, old: Element?, new: Element?)] = []
    var added = 0
    for (key, value) in new {
      if let previous = oldLookup(key) {
        if previous != value { changed.append((key, previous, value)) }
      } else {
        changed.append((key, nil, value))
        added += 1
      }
    }
    if oldCount > newCount - added {
      for (key, value) in old where newLookup(key) == nil {
        changed.append((key, value, nil))
      }
    }
    return changed
  }

  /// How keys order in the output; for `String` keys the string itself, without a cast per key.
  @usableFromInline
  static func sortKeyFunction<Key>(_ type: Key.Type) -> (Key) throws(CommandError) -> String {
    if Key.self == String.self {
      return { unsafeBitCast($0, to: String.self) }
    }
    return { key throws(CommandError) in try StateDiff.encodedKey(key).sortKey }
  }
}

extension TreeDictionary: DiffableDictionary where Value: Equatable {
  @inlinable
  func changes(since old: Any) throws(CommandError) -> DictionaryChanges? {
    guard let old = old as? Self else { return nil }
    var newKeys: [Key] = []
    newKeys.reserveCapacity(count)
    if let changed = Self.changedInStep(old: old, new: self, newKeys: &newKeys) {
      return try Self.changes(changed, newKeys: newKeys, oldCount: old.count, newCount: count)
    }
    let changed = Self.changedByLookup(
      old: old.lazy.map { (key: $0.key, value: $0.value) }, oldCount: old.count, oldLookup: { old[$0] },
      new: self.lazy.map { (key: $0.key, value: $0.value) }, newCount: count, newLookup: { self[$0] })
    return try Self.changes(changed, newKeys: keys, oldCount: old.count, newCount: count)
  }

  /// Walks both dictionaries side by side: a dictionary derived from another keeps the order of the
  /// keys they share, so most entries are compared without a lookup. Nil when the orders disagree.
  /// Each entry is taken once as a (key, value) pair: iterating keys and values apart would copy
  /// every entry twice. The new keys are kept in `newKeys`, so that counting the unchanged ones
  /// needs no second walk of the tree.
  @inlinable
  static func changedInStep(old: Self, new: Self, newKeys: inout [Key]) -> [(key: Key, old: Value?, new: Value?)]? {
    var changed: [(key: Key, old: Value?, new: Value?)] = []
    var oldEntries = old.makeIterator()
    var newEntries = new.makeIterator()
    var before = oldEntries.next()
    var after = newEntries.next()
    while let oldEntry = before, let newEntry = after {
      if oldEntry.key == newEntry.key {
        newKeys.append(newEntry.key)
        if oldEntry.value != newEntry.value { changed.append((newEntry.key, oldEntry.value, newEntry.value)) }
        before = oldEntries.next()
        after = newEntries.next()
      } else if new[oldEntry.key] == nil {
        changed.append((oldEntry.key, oldEntry.value, nil))
        before = oldEntries.next()
      } else if old[newEntry.key] == nil {
        newKeys.append(newEntry.key)
        changed.append((newEntry.key, nil, newEntry.value))
        after = newEntries.next()
      } else {
        return nil
      }
    }
    while let oldEntry = before {
      guard new[oldEntry.key] == nil else { return nil }
      changed.append((oldEntry.key, oldEntry.value, nil))
      before = oldEntries.next()
    }
    while let newEntry = after {
      guard old[newEntry.key] == nil else { return nil }
      newKeys.append(newEntry.key)
      changed.append((newEntry.key, nil, newEntry.value))
      after = newEntries.next()
    }
    return changed
  }
}

extension Dictionary: DiffableDictionary where Value: Equatable {
  @inlinable
  func changes(since old: Any) throws(CommandError) -> DictionaryChanges? {
    guard let old = old as? Self else { return nil }
    let changed = Self.changedByLookup(
      old: old.lazy.map { (key: $0.key, value: $0.value) }, oldCount: old.count, oldLookup: { old[$0] },
      new: self.lazy.map { (key: $0.key, value: $0.value) }, newCount: count, newLookup: { self[$0] })
    return try Self.changes(changed, newKeys: keys, oldCount: old.count, newCount: count)
  }
}
