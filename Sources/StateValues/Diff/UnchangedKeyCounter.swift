/// Counts the unchanged keys of a dictionary between its changed ones, in the order the diff
/// prints keys: the dictionary's keys are handed to `count(_:)` one by one, in any order, and each
/// unchanged one is counted in the gap before the first changed key that sorts after it.
@usableFromInline struct UnchangedKeyCounter<Key: Hashable> {
  /// The sort keys of the changed keys, in order.
  @usableFromInline let sortedKeys: [String]
  /// The changed keys, to tell a changed key from an unchanged one with the same sort key.
  @usableFromInline let changedKeys: Set<Key>
  @usableFromInline let sortKey: (Key) throws(CommandError) -> String
  /// How many unchanged keys lie before each changed key, and (last) after all of them.
  @usableFromInline var gaps: [Int]

  @inlinable
  init(sortedKeys: [String], changedKeys: Set<Key>, sortKey: @escaping (Key) throws(CommandError) -> String) {
    self.sortedKeys = sortedKeys
    self.changedKeys = changedKeys
    self.sortKey = sortKey
    self.gaps = Array(repeating: 0, count: sortedKeys.count + 1)
  }

  /// Counts `key` if it is unchanged. A key is hashed only when its sort key equals a changed
  /// one; `String` keys are their own sort keys, compared in place, without a call or a copy.
  @inlinable
  mutating func count(_ key: Key) throws(CommandError) {
    let slot =
      Key.self == String.self
      ? Self.insertionPoint(of: unsafeBitCast(key, to: String.self), in: sortedKeys)
      : Self.insertionPoint(of: try sortKey(key), in: sortedKeys)
    if slot.matches, changedKeys.contains(key) { return }
    gaps[slot.index] += 1
  }

  /// Where `keyText` goes among `sortedKeys`, and whether the key there is equal to it.
  @inlinable
  static func insertionPoint(of keyText: String, in sortedKeys: [String]) -> (index: Int, matches: Bool) {
    var low = 0
    var high = sortedKeys.count
    while low < high {
      let middle = (low + high) / 2
      if sortedKeys[middle] < keyText { low = middle + 1 } else { high = middle }
    }
    return (low, low < sortedKeys.count && sortedKeys[low] == keyText)
  }
}
