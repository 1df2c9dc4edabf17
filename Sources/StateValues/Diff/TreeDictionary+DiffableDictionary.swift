import HashTreeCollections

// The loops below are written for the optimizer. Each entry is taken from its iterator straight
// into a `while let` and only compared there, so that the code specialized for the domain's types
// borrows the entries instead of copying them: a copy retains every reference in the entry, and on
// a large state those retains, each a cache miss, cost more than the comparisons. A loop that also
// writes to memory (an array, a counter held in a property) loses that, so counts are kept in
// local variables, and the rare cases are left to slower loops beside the fast ones.

extension TreeDictionary: DiffableDictionary where Value: Equatable {
  @inlinable
  func changes(since old: Any) throws(CommandError) -> DictionaryChanges? {
    guard let old = old as? Self else { return nil }
    let walk = Self.changedInStep(old: old, new: self)
    let changed =
      walk?.changed
      ?? Self.changedByLookup(
        old: old.lazy.map { (key: $0.key, value: $0.value) }, oldCount: old.count, oldLookup: { old[$0] },
        new: self.lazy.map { (key: $0.key, value: $0.value) }, newCount: count, newLookup: { self[$0] })
    return try Self.changes(changed, oldCount: old.count, newCount: count) { counter throws(CommandError) in
      if let gaps = walk?.oneChangeGaps {
        counter.gaps = [gaps.before, gaps.after]
      } else if Key.self == String.self, counter.sortedKeys.count < SIMD8<Int>.scalarCount {
        counter.gaps = Self.unchangedStringKeyGaps(in: self, around: counter.sortedKeys)
      } else {
        var entries = makeIterator()
        while let entry = entries.next() { try counter.count(entry.key) }
      }
    }
  }

  /// The unchanged keys of `dictionary` before each of a few changed `String` keys (in order) and
  /// after the last, counted in registers.
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
  /// When the keys are `String`s and exactly one value was replaced — what most dispatches do — the
  /// walk also counts the unchanged keys on either side of it (`oneChangeGaps`), so that the diff
  /// needs no second pass over the dictionary.
  @inlinable
  static func changedInStep(
    old: Self, new: Self
  ) -> (changed: [(key: Key, old: Value?, new: Value?)], oneChangeGaps: (before: Int, after: Int)?)? {
    var changed: [(key: Key, old: Value?, new: Value?)] = []
    var oldEntries = old.makeIterator()
    var newEntries = new.makeIterator()
    var unmatched: (old: Element?, new: Element?)?
    if Key.self == String.self {
      // Up to the first difference, keeping the keys that pass (a pointer, unlike an array, leaves
      // the entries borrowed) to count them once the changed key is known.
      var equalBefore = 0
      let passedKeys = UnsafeMutablePointer<String>.allocate(capacity: new.count)
      defer {
        passedKeys.deinitialize(count: equalBefore)
        passedKeys.deallocate()
      }
      let first = skipEqual(&oldEntries, &newEntries) { key in
        (passedKeys + equalBefore).initialize(to: unsafeBitCast(key, to: String.self))
        equalBefore += 1
      }
      switch first {
      case .unmatched(let before, let after):
        unmatched = (before, after)
      case .oldExhausted:
        break
      case .replaced(let before, let after):
        changed.append((after.key, before.value, after.value))
        // After it, counting keys as they pass, until a second difference.
        let changedKey = unsafeBitCast(after.key, to: String.self)
        var sortingBefore = 0
        var sortingAfter = 0
        let second = skipEqual(&oldEntries, &newEntries) { key in
          if unsafeBitCast(key, to: String.self) < changedKey { sortingBefore += 1 } else { sortingAfter += 1 }
        }
        switch second {
        case .unmatched(let before, let after):
          unmatched = (before, after)
        case .replaced(let before, let after):
          changed.append((after.key, before.value, after.value))
        case .oldExhausted:
          if let added = newEntries.next() {
            unmatched = (nil, added)
          } else {
            var before = 0
            for index in 0..<equalBefore where passedKeys[index] < changedKey { before += 1 }
            return (changed, (sortingBefore + before, sortingAfter + equalBefore - before))
          }
        }
      }
    }
    guard continueInStep(old: old, new: new, &oldEntries, &newEntries, from: unmatched, into: &changed) else { return nil }
    return (changed, nil)
  }

  /// Takes equal entries from both iterators, in step, handing each key to `passing`, and stops at
  /// the first pair that differs or when the old entries run out.
  @inlinable
  static func skipEqual(_ oldEntries: inout Iterator, _ newEntries: inout Iterator, passing: (Key) -> Void) -> InStepStop<Element> {
    while let before = oldEntries.next() {
      guard let after = newEntries.next() else { return .unmatched(old: before, new: nil) }
      guard before.key == after.key else { return .unmatched(old: before, new: after) }
      if before.value != after.value { return .replaced(old: before, new: after) }
      passing(after.key)
    }
    return .oldExhausted
  }

  /// The rest of the side-by-side walk, from where the iterators stand and the entries already
  /// taken from them but not matched (`unmatched`); false when the orders disagree.
  @inlinable
  static func continueInStep(
    old: Self, new: Self, _ oldEntries: inout Iterator, _ newEntries: inout Iterator, from unmatched: (old: Element?, new: Element?)?,
    into changed: inout [(key: Key, old: Value?, new: Value?)]
  ) -> Bool {
    var unmatched = unmatched
    while true {
      if unmatched == nil {
        walk: while true {
          switch skipEqual(&oldEntries, &newEntries, passing: { _ in }) {
          case .replaced(let before, let after):
            changed.append((after.key, before.value, after.value))
          case .unmatched(let before, let after):
            unmatched = (before, after)
            break walk
          case .oldExhausted:
            break walk
          }
        }
      }
      guard var (before, after) = unmatched else {
        // The old entries are all seen: what the new dictionary still holds was added.
        while let after = newEntries.next() {
          guard old[after.key] == nil else { return false }
          changed.append((after.key, nil, after.value))
        }
        return true
      }
      unmatched = nil
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
          return true
        } else {
          return false
        }
      }
    }
  }
}

/// Where a side-by-side run of equal entries stopped.
@usableFromInline enum InStepStop<Element> {
  /// The old dictionary has no more entries.
  case oldExhausted
  /// Both hold the same key here, with different values.
  case replaced(old: Element, new: Element)
  /// The keys differ here, or the new dictionary has no more entries.
  case unmatched(old: Element, new: Element?)
}
