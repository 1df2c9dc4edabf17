import Foundation
import Scenarios

/// What the inspector sends a page besides events, one JSON object a message.
enum InspectorReply {
  /// The first message: the session and how many events the server keeps.
  struct Hello: Encodable {
    let type = "hello"
    let domain: String?
    let limit: Int
    /// How many earlier events were dropped before the backlog that follows.
    let dropped: Int
  }

  /// Where the history is: its length and the entry the state is at; for an attached shell,
  /// whether it is on the live store (`live`, `live, read-only`) or a `fork`, and how many of
  /// the app's own actions have arrived (each changes the state the tree shows).
  struct History: Encodable, Equatable {
    var type = "history"
    let count: Int
    let position: Int
    let domain: String?
    let liveness: String?
    let revision: Int?
  }

  /// A command line ran.
  struct Ran: Encodable {
    let type = "ran"
    let id: Int
    let line: String
    let succeeded: Bool
  }

  /// One child of a state path.
  struct Node: Encodable {
    /// The name `state` walks, which the page asks for children by.
    let name: String
    /// The name as shown, redacted as the transcript shows it.
    let label: String
    let summary: String
    let count: Int
  }

  /// Children of a state path.
  struct Children: Encodable {
    let type = "children"
    let id: Int
    let path: [String]
    let offset: Int
    let total: Int
    let nodes: [Node]
  }

  /// The paths a search found.
  struct Found: Encodable {
    let type = "found"
    let id: Int
    let query: String
    let field: String
    let paths: [[String]]
    let truncated: Bool
  }

  /// A request that could not be answered, and why.
  struct Failed: Encodable {
    let type = "failed"
    let id: Int
    let message: String
  }

  /// A reply as one JSON text.
  static func json(_ reply: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    return (try? encoder.encode(reply)).map { String(decoding: $0, as: UTF8.self) } ?? "{\"type\": \"failed\", \"id\": -1, \"message\": \"could not encode a reply\"}"
  }
}

extension InspectorReply.Children {
  /// The reply carrying `page`, to the request `id`.
  init(_ page: StateTreePage, id: Int) {
    self.init(
      id: id, path: page.path, offset: page.offset, total: page.total,
      nodes: page.nodes.map { InspectorReply.Node(name: $0.name, label: $0.label, summary: $0.summary, count: $0.count) })
  }
}
