/// The changed entries of a dictionary, sorted by key, and how many unchanged entries lie
/// before each of them (and after the last) in key order.
@usableFromInline package struct DictionaryChanges {
  /// One key whose value was added, removed or replaced.
  @usableFromInline package struct Change {
    /// The key as the dictionary holds it; encoded only when printed.
    package let key: Any
    package let old: Any?
    package let new: Any?

    @usableFromInline package init(key: Any, old: Any?, new: Any?) {
      self.key = key
      self.old = old
      self.new = new
    }
  }

  package let changes: [Change]
  package let unchangedBefore: [Int]
  package let unchangedAfter: Int
  package let oldCount: Int
  package let newCount: Int

  @usableFromInline package init(changes: [Change], unchangedBefore: [Int], unchangedAfter: Int, oldCount: Int, newCount: Int) {
    self.changes = changes
    self.unchangedBefore = unchangedBefore
    self.unchangedAfter = unchangedAfter
    self.oldCount = oldCount
    self.newCount = newCount
  }
}
