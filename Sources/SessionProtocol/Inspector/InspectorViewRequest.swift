import Foundation

/// What the page asks of a local shell's inspector about the history rather than the current
/// state, one JSON object a message: the children of a state path in the state at a history entry
/// (`view`, what the time slider shows), with entries skipped (a what-if, recomputed by the reducer
/// alone), and a search of that state by key, value or path (`find`). Checked for size and shape
/// before anything reads it (`refusal`).
public struct InspectorViewRequest: Codable, Sendable, Equatable {
  /// What to do.
  public enum Operation: String, Codable, Sendable {
    /// The children of a state path in the state at an entry.
    case view
    /// A search of the state at an entry.
    case find
  }

  /// A number the page chose; the reply carries it back.
  public var id: Int
  public var op: Operation
  /// The history entry whose state to read: 0 for the initial state; nil for the current state.
  public var position: Int?
  /// The entries to leave out (`history` numbers), at most `skippedLimit`.
  public var skipped: [Int]?
  /// The state path, for `view`, in the tree's names.
  public var path: [String]?
  /// Where in the children to start, for `view`.
  public var offset: Int?
  /// A child's name whose page of children to send instead of the one at `offset`.
  public var reveal: String?
  /// The text to look for and where (`key`, `value` or `path`), for `find`.
  public var query: String?
  public var field: String?

  /// The most entries one request may skip.
  public static let skippedLimit = 64
  /// The most names a path may have.
  public static let pathLimit = 64
  /// The most characters a name, a reveal or a query may have.
  public static let textLimit = 1024

  /// A request; only the members its operation reads need be given.
  public init(
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
  public var refusal: String? {
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
  public static func decode(_ text: String) -> InspectorViewRequest? {
    struct Probe: Decodable { let op: String }
    let data = Data(text.utf8)
    let decoder = JSONDecoder()
    do {
      // A message whose `op` is not one of these is some other request, or none: the caller reads it so.
      guard Operation(rawValue: try decoder.decode(Probe.self, from: data).op) != nil else { return nil }
      return try decoder.decode(InspectorViewRequest.self, from: data)
    } catch {
      // Not of this shape: the caller refuses it as it refuses any message it does not know.
      return nil
    }
  }
}
