/// Whether a table prints one block per record (`column │ value` lines under a
/// `-[ RECORD n ]` header), as psql's `\x` does.
enum ExpandedDisplay: String, Sendable, CaseIterable {
  /// Rows, as a grid.
  case off
  /// Records, one block each.
  case on
  /// Records when the grid is wider than the width tables fit; rows otherwise.
  case auto
}
