/// A dictionary type `StateDiff` can compare entry by entry.
@usableFromInline protocol DiffableDictionary {
  /// The changes from `old` (a dictionary of the same type) to this one; nil for another type.
  func changes(since old: Any) throws(CommandError) -> DictionaryChanges?
}

extension DiffableDictionary {
  /// The changes given the changed entries, with the unchanged keys of the new dictionary counted
  /// between them in key order: `countKeys` hands every key of the new dictionary to the counter.
  @inlinable
  static func changes<Key: Hashable, Element>(
    _ changed: [(key: Key, old: Element?, new: Element?)], oldCount: Int, newCount: Int,
    countKeys: (inout UnchangedKeyCounter<Key>) throws(CommandError) -> Void
  ) throws(CommandError) -> DictionaryChanges {
    let sortKey = sortKeyFunction(Key.self)
    var sortKeys: [String] = []
    sortKeys.reserveCapacity(changed.count)
    for change in changed { sortKeys.append(try sortKey(change.key)) }
    var order = changed.indices.sorted { sortKeys[$0] < sortKeys[$1] }
    if Key.self != String.self, zip(order, order.dropFirst()).contains(where: { sortKeys[$0] == sortKeys[$1] }) {
      order = try orderingTies(changed, sortKeys: sortKeys)
    }
    var counter = UnchangedKeyCounter(sortedKeys: order.map { sortKeys[$0] }, changedKeys: Set(changed.map(\.key)), sortKey: sortKey)
    if changed.isEmpty {
      counter.gaps[0] = newCount
    } else {
      try countKeys(&counter)
    }
    var changes: [DictionaryChanges.Change] = []
    changes.reserveCapacity(order.count)
    for index in order {
      let change = changed[index]
      changes.append(DictionaryChanges.Change(key: change.key, old: change.old, new: change.new))
    }
    return DictionaryChanges(
      changes: changes, unchangedBefore: Array(counter.gaps.dropLast()), unchangedAfter: counter.gaps[changed.count],
      oldCount: oldCount, newCount: newCount)
  }

  /// The changed entries in the order the printer puts entries in, for when different keys have
  /// one sort key (they print the same): by sort key, those that tie as `Value.sortedEntries`
  /// orders them, by their printed form and their values (the new one, or the old when removed).
  /// Not inlined: it is the rare case, and it encodes.
  @usableFromInline
  static func orderingTies<Key, Element>(
    _ changed: [(key: Key, old: Element?, new: Element?)], sortKeys: [String]
  ) throws(CommandError) -> [Int] {
    var tieBreakers: [[String]] = []
    tieBreakers.reserveCapacity(changed.count)
    for change in changed {
      let element = change.new ?? change.old
      let value = try element.map { element throws(CommandError) in try StateDiff.encode(element) } ?? .null
      tieBreakers.append(Value.tieBreakers(ofEntry: try StateDiff.encodedKey(change.key), value))
    }
    return changed.indices.sorted { left, right in
      sortKeys[left] != sortKeys[right]
        ? sortKeys[left] < sortKeys[right] : tieBreakers[left].lexicographicallyPrecedes(tieBreakers[right])
    }
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
