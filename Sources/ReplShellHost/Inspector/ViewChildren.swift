import SessionProtocol
/// The reply to a page's `view`: a page of children of a state path in the state at a history
/// entry, shaped as the `children` reply (the page's tree reads both alike), with the entry, the
/// entries skipped, whether the state is a what-if, which children the entry changed, and the
/// entries the reducer rejected while recomputing.
struct ViewChildren: Encodable, Sendable {
  var type = "children"
  let id: Int
  let path: [String]
  let offset: Int
  let total: Int
  let nodes: [InspectorReply.Node]
  /// The entry whose state this is (0: the initial state).
  let position: Int
  /// The entries left out.
  let skipped: [Int]
  /// Whether anything up to `position` was skipped: the state is recomputed, no store's.
  let whatIf: Bool
  /// The names of `nodes` whose value the entry at `position` changed.
  let changed: [String]
  /// Entries the reducer rejected while recomputing.
  let rejected: [Int]
}
