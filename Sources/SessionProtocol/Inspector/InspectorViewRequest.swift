import Foundation

/// What the page asks of a local shell's inspector about the history rather than the current
/// state, one JSON object a message: the children of a state path in the state at a history entry
/// (`view`, what the time slider shows), with entries skipped (a what-if, recomputed by the reducer
/// alone), and a search of that state by key, value or path (`find`). Checked for size and shape
/// before anything reads it (`refusal`).
package struct InspectorViewRequest: Codable, Sendable, Equatable {
  /// What to do.
  package enum Operation: String, Codable, Sendable {
    case view, find
  }

  /// A number the page chose; the reply carries it back.
  package var id: Int
  package var op: Operation
  /// The history entry whose state to read: 0 for the initial state; nil for the current state.
  package var position: Int?
  /// The entries to leave out (`history` numbers), at most `skippedLimit`.
  package var skipped: [Int]?
  /// The state path, for `view`, in the tree's names.
  package var path: [String]?
  /// Where in the children to start, for `view`.
  package var offset: Int?
  /// A child's name whose page of children to send instead of the one at `offset`.
  package var reveal: String?
  /// The text to look for and where (`key`, `value` or `path`), for `find`.
  package var query: String?
  package var field: String?

  /// The most entries one request may skip.
  package static let skippedLimit = 64
  /// The most names a path may have.
  package static let pathLimit = 64
  /// The most characters a name, a reveal or a query may have.
  package static let textLimit = 1024

  /// A request; only the members its operation reads need be given.
  package init(
    id: Int, op: Operation, position: Int? = nil, skipped: [Int]? = nil, path: [String]? = nil, offset: Int? = nil, reveal: String? = nil,
    query: String? = nil, field: String? = nil
  ) {
    self.id = id
    self.op = op
    self.position = position
    self.skipped = skipped
    self.path = path
    self.offset = offset
    self.reveal = reveal
    self.query = query
    self.field = field
  }

  /// Why the request is refused before it is read, or nil: too many skipped entries or names,
  /// a name or query too long, a negative number, a field not known.
  package var refusal: String? {
    if let skipped, skipped.count > Self.skippedLimit { return "at most \(Self.skippedLimit) entries can be skipped at once" }
    if let skipped, skipped.contains(where: { $0 < 1 }) { return "entries to skip are numbered from 1, as `history` numbers them" }
    if let position, position < 0 { return "history positions start at 0 (the initial state)" }
    if let offset, offset < 0 { return "an offset starts at 0" }
    if let path, path.count > Self.pathLimit { return "a path of at most \(Self.pathLimit) names" }
    if let path, path.contains(where: { $0.count > Self.textLimit }) { return "a name of at most \(Self.textLimit) characters" }
    if let reveal, reveal.count > Self.textLimit { return "a name of at most \(Self.textLimit) characters" }
    if let query, query.count > Self.textLimit { return "a search of at most \(Self.textLimit) characters" }
    if let field, !["key", "value", "path"].contains(field) { return "search by `key`, `value` or `path`" }
    return nil
  }

  /// The request a message of the page carries when its `op` is one of these; nil when it names
  /// another operation (an `InspectorRequest`) or is not JSON of this shape.
  package static func decode(_ text: String) -> InspectorViewRequest? {
    struct Operation: Decodable { let op: String }
    let data = Data(text.utf8)
    // A probe: a message that is not one of these is some other request, or none.
    guard let probe = try? JSONDecoder().decode(Operation.self, from: data), InspectorViewRequest.Operation(rawValue: probe.op) != nil else {
      return nil
    }
    // A decoding probe too: a malformed one is refused by the caller, as any unknown message is.
    return try? JSONDecoder().decode(InspectorViewRequest.self, from: data)
  }
}

extension InspectorReply {
  /// A page of children of a state path in the state at a history entry: what `Children` says,
  /// with the entry, the entries skipped, which children the entry changed, and the entries the
  /// reducer rejected in a what-if.
  package struct ViewChildren: Codable, Sendable, Equatable {
    package var type = "children"
    package let id: Int
    package let path: [String]
    package let offset: Int
    package let total: Int
    package let nodes: [Node]
    /// The entry whose state this is (0: the initial state).
    package let position: Int
    /// The entries left out.
    package let skipped: [Int]
    /// Whether anything up to `position` was skipped: the state is recomputed, no store's.
    package let whatIf: Bool
    /// The names of `nodes` whose value the entry at `position` changed.
    package let changed: [String]
    /// Entries the reducer rejected while recomputing.
    package let rejected: [Int]

    /// The reply to the request `id`.
    package init(
      id: Int, path: [String], offset: Int, total: Int, nodes: [Node], position: Int, skipped: [Int], whatIf: Bool, changed: [String], rejected: [Int]
    ) {
      self.id = id
      self.path = path
      self.offset = offset
      self.total = total
      self.nodes = nodes
      self.position = position
      self.skipped = skipped
      self.whatIf = whatIf
      self.changed = changed
      self.rejected = rejected
    }
  }
}
