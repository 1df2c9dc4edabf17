import ReplShellFoundation

/// Reads a history file: one op per line, as Jepsen's `history.edn` (EDN maps, tagged or not),
/// as JSON lines (objects with the same keys), or as Jepsen's log
/// (`INFO  jepsen.util - 3	:invoke	:read	nil`). Blank lines, lines starting with `;`, and lines
/// of `#` followed by a space (or nothing else) are comments.
///
/// Each op names its `:process`, `:type` (`:invoke`, `:ok`, `:fail`, `:info`) and `:f`; the other
/// keys (`:value`, `:key`, `:time`) are kept for the model. A completion closes its process's open
/// invocation; an invocation still open when the history ends is indeterminate. Ops of a worker
/// named by a keyword (Jepsen's `:nemesis`; in JSON a name such as `"nemesis"`) are not client
/// operations and are skipped; any other `:process` that is not an integer is an error, as is a
/// `:type`, `:f`, `:index` or `:time` of the wrong kind.
///
/// Reading is bounded by a `LinearizeBudget`: its bytes, operations and nesting, and its deadline
/// and cancellation, asked every few hundred lines. A budget that runs out throws a
/// `HistoryError` whose `shortfall` says which.
public enum HistoryReader {
  /// The longest line read, in bytes.
  public static let maximumLineLength = 1 << 20

  /// The history in `text`, named `source` in errors.
  public static func read(_ text: String, source: String, budget: LinearizeBudget = LinearizeBudget()) throws(HistoryError) -> History {
    guard text.utf8.count <= budget.maximumBytes else {
      throw HistoryError(source: source, line: nil, shortfall: .bytes(limit: budget.maximumBytes))
    }
    return try read(bytes: Array(text.utf8), source: source, budget: budget)
  }

  /// The history in the file at `path`.
  public static func read(contentsOf path: String, budget: LinearizeBudget = LinearizeBudget()) throws(HistoryError) -> History {
    let bytes: [UInt8]
    do {
      // A pipe or a FIFO is read too (a history piped in), for as long as the budget lasts.
      bytes = try FileReach.anywhere.read(path, budget: budget.shared, acceptingStreams: true)
    } catch {
      if let shortfall = error.shortfall { throw HistoryError(source: path, line: nil, shortfall: shortfall) }
      throw HistoryError(source: path, line: nil, message: "cannot read the file (\(error.reason)); give the path of a history.edn or a JSON-lines history")
    }
    return try read(bytes: bytes, source: path, budget: budget)
  }

  /// The history in `bytes`, UTF-8 text.
  static func read(bytes: [UInt8], source: String, budget: LinearizeBudget) throws(HistoryError) -> History {
    var pairing = OperationPairing(source: source, maximumOperations: budget.maximumOperations)
    var lineStart = 0
    var lineNumber = 0
    while true {
      lineNumber += 1
      if lineNumber & 255 == 0, let interruption = budget.interruption() {
        throw HistoryError(source: source, line: lineNumber, shortfall: interruption)
      }
      var lineEnd = lineStart
      while lineEnd < bytes.count && bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
      let line = HistoryLine(bytes: bytes, start: lineStart, end: lineEnd, number: lineNumber, source: source, depthLimit: budget.maximumDepth)
      try pairing.add(try line.op())
      guard lineEnd < bytes.count else { break }
      lineStart = lineEnd + 1
    }
    return pairing.history()
  }

  /// One op: an EDN map, a JSON object or a Jepsen log line (nil for a comment or a blank).
  static func readOp(_ line: Substring, source: String, line lineNumber: Int) throws(HistoryError) -> EDNValue? {
    let bytes = Array(line.utf8)
    return try HistoryLine(bytes: bytes, start: 0, end: bytes.count, number: lineNumber, source: source, depthLimit: EDNReader.maximumDepth).op()?.fields
  }
}
