import Foundation

/// What a page asks of the inspector over the WebSocket, one JSON object a message.
struct InspectorRequest: Decodable, Sendable {
  /// What to do: `run` a command line, list the `children` of a state path, `search` the state.
  enum Operation: String, Decodable, Sendable {
    case run, children, search
  }

  /// A number the page chose; the reply carries it back.
  let id: Int
  let op: Operation
  /// The command line to run, for `run`.
  let line: String?
  /// The state path, for `children`.
  let path: [String]?
  /// Where in the children to start, and how many to send.
  let offset: Int?
  let limit: Int?
  /// A child's name whose page of children to send instead of the one at `offset` (to show a match).
  let reveal: String?
  /// The text to look for, and where (`key` or `value`), for `search`.
  let query: String?
  let field: String?
}
