/// The history's size and the entries the state has applied.
public struct HistoryPosition {
  /// How many entries `history` lists.
  public let count: Int
  /// The position of each entry the state has applied, by serial.
  public let applied: [Int: Int]
}
