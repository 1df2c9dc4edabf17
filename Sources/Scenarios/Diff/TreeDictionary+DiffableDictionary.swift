import HashTreeCollections

extension TreeDictionary: DiffableDictionary where Value: Equatable {
  @inlinable
  func changes(since old: Any) throws(CommandError) -> DictionaryChanges? {
    guard let old = old as? Self else { return nil }
    let changed =
      Self.changedInStep(old: old, new: self)
      ?? Self.changedByLookup(
        old: old.lazy.map { (key: $0.key, value: $0.value) }, oldCount: old.count, oldLookup: { old[$0] },
        new: self.lazy.map { (key: $0.key, value: $0.value) }, newCount: count, newLookup: { self[$0] })
    return try Self.changes(changed, oldCount: old.count, newCount: count) { counter throws(CommandError) in
      if Key.self == String.self, counter.sortedKeys.count < SIMD8<Int>.scalarCount {
        counter.gaps = Self.unchangedStringKeyGaps(in: self, around: counter.sortedKeys)
      } else {
        var entries = makeIterator()
        while let entry = entries.next() { try counter.count(entry.key) }
      }
    }
  }

  /// The unchanged keys of `dictionary` before each of a few changed `String` keys (in order) and
  /// after the last, counted in registers: a loop that writes to memory as it goes makes the
  /// specialized code copy every entry it reads, which costs more than the rest of the count.
  @inlinable
  static func unchangedStringKeyGaps(in dictionary: Self, around sortedKeys: [String]) -> [Int] {
    var gaps = SIMD8<Int>()
    var entries = dictionary.makeIterator()
    while let entry = entries.next() {
      let slot = UnchangedKeyCounter<String>.insertionPoint(of: unsafeBitCast(entry.key, to: String.self), in: sortedKeys)
      // A `String` key equal to a changed key's sort key is that changed key.
      if !slot.matches { gaps[slot.index] &+= 1 }
    }
    return (0...sortedKeys.count).map { gaps[$0] }
  }

  /// Walks both dictionaries side by side: a dictionary derived from another keeps the order of the
  /// keys they share, so entries are compared in step, without a lookup, and only an added or a
  /// removed key is looked up in the other dictionary. Nil when the orders disagree.
  ///
  /// The loop is written for the optimizer: each entry is taken from its iterator straight into a
  /// `while let` and compared there, so that the code specialized for the domain's types borrows
  /// the entries instead of copying them (a copy retains every reference in the entry, and on a
  /// large state those retains cost more than the comparisons). Holding an entry over from one
  /// turn to the next, as an added or a removed key needs, is left to the slower loop below it.
  @inlinable
  static func changedInStep(old: Self, new: Self) -> [(key: Key, old: Value?, new: Value?)]? {
    var changed: [(key: Key, old: Value?, new: Value?)] = []
    var oldEntries = old.makeIterator()
    var newEntries = new.makeIterator()
    while true {
      var unmatched: (old: Element, new: Element?)?
      while let before = oldEntries.next() {
        guard let after = newEntries.next() else {
          unmatched = (before, nil)
          break
        }
        guard before.key == after.key else {
          unmatched = (before, after)
          break
        }
        if before.value != after.value { changed.append((after.key, before.value, after.value)) }
      }
      guard let unmatched else {
        // The old entries are all seen: what the new dictionary still holds was added.
        while let after = newEntries.next() {
          guard old[after.key] == nil else { return nil }
          changed.append((after.key, nil, after.value))
        }
        return changed
      }
      var before: Element? = unmatched.old
      var after = unmatched.new
      while true {
        if let oldEntry = before, let newEntry = after, oldEntry.key == newEntry.key {
          if oldEntry.value != newEntry.value { changed.append((newEntry.key, oldEntry.value, newEntry.value)) }
          break
        } else if let oldEntry = before, new[oldEntry.key] == nil {
          changed.append((oldEntry.key, oldEntry.value, nil))
          before = oldEntries.next()
        } else if let newEntry = after, old[newEntry.key] == nil {
          changed.append((newEntry.key, nil, newEntry.value))
          after = newEntries.next()
        } else if before == nil, after == nil {
          return changed
        } else {
          return nil
        }
      }
    }
  }
}
