/// The changed entries of a dictionary, sorted by key, and how many unchanged entries lie
/// before each of them (and after the last) in key order.
public struct DictionaryChanges {
  /// One key whose value was added, removed or replaced.
  public struct Change {
    /// The key as the dictionary holds it; encoded only when printed.
    public let key: Any
    public let old: Any?
    public let new: Any?

    public init(key: Any, old: Any?, new: Any?) {
      self.key = key
      self.old = old
      self.new = new
    }
  }

  public let changes: [Change]
  public let unchangedBefore: [Int]
  public let unchangedAfter: Int
  public let oldCount: Int
  public let newCount: Int

  public init(changes: [Change], unchangedBefore: [Int], unchangedAfter: Int, oldCount: Int, newCount: Int) {
    self.changes = changes
    self.unchangedBefore = unchangedBefore
    self.unchangedAfter = unchangedAfter
    self.oldCount = oldCount
    self.newCount = newCount
  }
}
