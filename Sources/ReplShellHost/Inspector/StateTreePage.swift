import SessionProtocol
import StateValues
/// One page of the children of a state path as an inspector shows them: names kept as `state`
/// walks them (the page asks for children by them), labels and summaries redacted as the
/// transcript prints the state. The local inspector and an attached app's answer share it.
struct StateTreePage: Sendable {
  /// One child as shown.
  struct Node: Sendable {
    /// The name `state` walks.
    let name: String
    /// The name as shown, redacted.
    let label: String
    /// The value on one line, redacted.
    let summary: String
    /// How many children it has.
    let count: Int
    /// The path to it as `state` reads it, redacted.
    let path: String
  }

  /// The most children one page lists; the page asks for more.
  static let childrenLimit = 500
  /// The most paths one search returns.
  static let searchLimit = 200

  let path: [String]
  let offset: Int
  let total: Int
  let nodes: [Node]

  /// The page of `path`'s children in `tree` from `offset` (at most `limit`, within
  /// `childrenLimit`), or the page that holds the child `reveal` when it is given and found.
  init(
    of tree: StateTree, path: [String], offset: Int?, limit: Int?, reveal: String?, redactedBy redact: @Sendable (String) -> String
  ) throws(CommandError) {
    let limit = min(max(limit ?? Self.childrenLimit, 1), Self.childrenLimit)
    // A path that does not lead anywhere is the same error here as for its children below.
    let revealed = try reveal.flatMap { name throws(CommandError) in try tree.index(of: name, at: path) }
    let offset = revealed.map { $0 / limit * limit } ?? max(offset ?? 0, 0)
    let children = try tree.children(at: path, offset: offset, limit: limit)
    self.path = path
    self.offset = offset
    self.total = children.total
    self.nodes = children.nodes.map { Node(name: $0.name, label: redact($0.name), summary: redact($0.summary), count: $0.childCount, path: redact($0.statePath)) }
  }
}

extension InspectorReply.Children {
  /// The reply carrying `page`, to the request `id`.
  init(_ page: StateTreePage, id: Int) {
    self.init(
      id: id, path: page.path, offset: page.offset, total: page.total,
      nodes: page.nodes.map { InspectorReply.Node(name: $0.name, label: $0.label, summary: $0.summary, count: $0.count, path: $0.path) })
  }
}
