import Foundation

/// What the inspector sends a page besides events, one JSON object a message; an attached app
/// answers its shell's inspector with the same values, which reach the page as they came.
public enum InspectorReply {
  /// The first message: the session and how many events the server keeps, with where the
  /// history is, so that the page shows the domain, the history and what it may run at once.
  public struct Hello: Codable, Sendable, Equatable {
    public var type = "hello"
    public let domain: String?
    public let limit: Int
    /// How many earlier events were dropped before the backlog that follows.
    public let dropped: Int
    /// Where the history is as the page connects.
    public let history: History?

    /// The page's greeting.
    public init(limit: Int, dropped: Int, history: History) {
      self.domain = history.domain
      self.limit = limit
      self.dropped = dropped
      self.history = history
    }
  }

  /// Where the history is: its length and the entry the state is at; for an attached shell,
  /// whether it is on the live store (`live`, `live, read-only`) or a `fork`, and how many of
  /// the app's own actions have arrived (each changes the state the tree shows); and names of
  /// the running domain the page offers as examples in its fields.
  public struct History: Codable, Sendable, Equatable {
    public var type = "history"
    public var count: Int
    public var position: Int
    public var domain: String?
    public var liveness: String?
    public var revision: Int?
    /// An action case path of the domain (`didTapIncrementButton`); nil with no domain.
    public var exampleAction: String?
    /// A selector of the domain (`selectValue`); nil with no domain or none declared.
    public var exampleSelector: String?

    /// Describes the history.
    public init(
      count: Int, position: Int, domain: String?, liveness: String?, revision: Int?, exampleAction: String? = nil, exampleSelector: String? = nil
    ) {
      self.count = count
      self.position = position
      self.domain = domain
      self.liveness = liveness
      self.revision = revision
      self.exampleAction = exampleAction
      self.exampleSelector = exampleSelector
    }
  }

  /// A command line ran.
  public struct Ran: Codable, Sendable, Equatable {
    public var type = "ran"
    public let id: Int
    public let line: String
    public let succeeded: Bool

    /// Describes a line that ran, for the request `id`.
    public init(id: Int, line: String, succeeded: Bool) {
      self.id = id
      self.line = line
      self.succeeded = succeeded
    }
  }

  /// One child of a state path.
  public struct Node: Codable, Sendable, Equatable {
    /// The name `state` walks, which the page asks for children by.
    public let name: String
    /// The name as shown, redacted as the transcript shows it.
    public let label: String
    public let summary: String
    public let count: Int
    /// The whole path to it as `state` reads it, to paste (`animals.data["a key"]`); nil from
    /// an app that does not send it.
    public let path: String?

    /// Describes a child.
    public init(name: String, label: String, summary: String, count: Int, path: String? = nil) {
      self.name = name
      self.label = label
      self.summary = summary
      self.count = count
      self.path = path
    }
  }

  /// Children of a state path.
  public struct Children: Codable, Sendable, Equatable {
    public var type = "children"
    public let id: Int
    public let path: [String]
    public let offset: Int
    public let total: Int
    public let nodes: [Node]

    /// A page of children, for the request `id`.
    public init(id: Int, path: [String], offset: Int, total: Int, nodes: [Node]) {
      self.id = id
      self.path = path
      self.offset = offset
      self.total = total
      self.nodes = nodes
    }
  }

  /// The paths a search found.
  public struct Found: Codable, Sendable, Equatable {
    public var type = "found"
    public let id: Int
    public let query: String
    public let field: String
    public let paths: [[String]]
    /// Each path as `state` reads it, to show and paste; nil from an app that does not send them.
    public let texts: [String]?
    public let truncated: Bool

    /// What a search found, for the request `id`.
    public init(id: Int, query: String, field: String, paths: [[String]], texts: [String]? = nil, truncated: Bool) {
      self.id = id
      self.query = query
      self.field = field
      self.paths = paths
      self.texts = texts
      self.truncated = truncated
    }
  }

  /// The history entry that last changed a state path, for `why`.
  public struct ChangedBy: Codable, Sendable, Equatable {
    public var type = "changedBy"
    public let id: Int
    public let path: [String]
    /// The entry, as `history` numbers it; nil (absent) when no applied entry changed the path.
    public let entry: Int?
    /// The entry's action as `history` writes it, arguments folded, redacted; nil with `entry`.
    public let action: String?

    /// The entry that last changed `path`, for the request `id`.
    public init(id: Int, path: [String], entry: Int?, action: String?) {
      self.id = id
      self.path = path
      self.entry = entry
      self.action = action
    }
  }

  /// A request that could not be answered, and why.
  public struct Failed: Codable, Sendable, Equatable {
    public var type = "failed"
    public let id: Int
    public let message: String

    /// A failure, for the request `id`.
    public init(id: Int, message: String) {
      self.id = id
      self.message = message
    }
  }

  /// A reply as one JSON text: the page's message.
  public static func json(_ reply: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(reply), as: UTF8.self)
    } catch {
      // Strings, numbers and arrays of them always encode; this names the impossible case.
      return #"{"type": "failed", "id": -1, "message": "could not encode a reply"}"#
    }
  }
}
