import Foundation

/// What a page asks of the inspector over the WebSocket, one JSON object a message; an attached
/// shell's inspector passes it on to the app as it came (`InspectionCall.page`).
public struct InspectorRequest: Codable, Sendable, Equatable {
  /// What to do: `run` a command line, list the `children` of a state path, `search` the state,
  /// ask `why` a state path holds what it holds (the entry that last changed it).
  public enum Operation: String, Codable, Sendable {
    case run, children, search, why
  }

  /// A number the page chose; the reply carries it back.
  public var id: Int
  public var op: Operation
  /// The command line to run, for `run`.
  public var line: String?
  /// The state path, for `children` and `why`.
  public var path: [String]?
  /// Where in the children to start, and how many to send.
  public var offset: Int?
  public var limit: Int?
  /// A child's name whose page of children to send instead of the one at `offset` (to show a match).
  public var reveal: String?
  /// The text to look for, and where (`key` or `value`), for `search`.
  public var query: String?
  public var field: String?

  /// A request; only the members its operation reads need be given.
  public init(
    id: Int, op: Operation, line: String? = nil, path: [String]? = nil, offset: Int? = nil, limit: Int? = nil, reveal: String? = nil,
    query: String? = nil, field: String? = nil
  ) {
    self.id = id
    self.op = op
    self.line = line
    self.path = path
    self.offset = offset
    self.limit = limit
    self.reveal = reveal
    self.query = query
    self.field = field
  }
}
