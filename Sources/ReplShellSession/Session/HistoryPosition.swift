/// The history's size and the entries the state has applied.
package struct HistoryPosition {
  /// How many entries `history` lists.
  package let count: Int
  /// The position of each entry the state has applied, by serial.
  package let applied: [Int: Int]
}
