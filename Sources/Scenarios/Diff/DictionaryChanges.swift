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
