/// The lending shelf of `shrink`'s tests and its benchmark (`Benchmarks/`, ShellEngine's Shrink):
/// one domain both compile, from this module.
/// What happened at a lending shelf: items added, lent, returned and removed, and the index a
/// listener keeps of each item added.
public enum LendingAction: Codable, Equatable, Sendable {
  case didAddItem(id: Int, name: String)
  case didLendItem(id: Int, to: String)
  case didReturnItem(id: Int)
  case didRemoveItem(id: Int)
  /// The listener's, after each item added.
  case didIndexItem(id: Int)
}
