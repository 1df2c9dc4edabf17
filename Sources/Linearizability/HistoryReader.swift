import Foundation

/// Reads a history file: one op per line, as Jepsen's `history.edn` (EDN maps), as JSON lines
/// (objects with the same keys), or as Jepsen's log (`INFO  jepsen.util - 3	:invoke	:read	nil`).
/// Blank lines and lines starting with `;` or `#` (outside EDN) are skipped.
///
/// Each op names its `:process`, `:type` (`:invoke`, `:ok`, `:fail`, `:info`) and `:f`; the other
/// keys (`:value`, `:key`, `:time`) are kept for the model. A completion closes its process's open
/// invocation; an invocation still open when the history ends is indeterminate. Ops of a process
/// that is not a number (Jepsen's `:nemesis`) are not client operations and are skipped.
public enum HistoryReader {
  /// The longest line read, in bytes.
  public static let maximumLineLength = 1 << 20

  /// The history in `text`, named `source` in errors.
  public static func read(_ text: String, source: String) throws(HistoryError) -> History {
    var operations: [HistoryOperation] = []
    var open: [Int: (invocation: EDNValue, function: String, line: Int, position: Int)] = [:]
    var position = 0
    var lineNumber = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      guard line.utf8.count <= maximumLineLength else {
        throw HistoryError(source: source, line: lineNumber, message: "the line is longer than \(maximumLineLength) bytes; one op per line")
      }
      let trimmed = line.drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" })
      if trimmed.isEmpty || trimmed.first == ";" || trimmed.first == "#" && trimmed.dropFirst().first != "{" { continue }
      let op = try readOp(trimmed, source: source, line: lineNumber, indent: line.utf8.count - trimmed.utf8.count)
      guard case .integer(let process)? = op["process"] else {
        if op["process"] == nil {
          throw HistoryError(source: source, line: lineNumber, message: "the op has no :process; write one such as `{:process 0, :type :invoke, :f :read, :value nil}`")
        }
        continue
      }
      guard let typeName = op["type"]?.name else {
        throw HistoryError(source: source, line: lineNumber, message: "the op has no :type; give :invoke, :ok, :fail or :info")
      }
      guard let function = op["f"]?.name else {
        throw HistoryError(source: source, line: lineNumber, message: "the op has no :f naming what it does (such as `:f :read`)")
      }
      if typeName == "invoke" {
        if let earlier = open[process] {
          throw HistoryError(
            source: source, line: lineNumber,
            message: "process \(process) invokes :\(function) while its :\(earlier.function) from line \(earlier.line) has not completed; a process runs one op at a time (Jepsen gives a crashed process's successor a new number)")
        }
        open[process] = (op, function, lineNumber, position)
        position += 1
        continue
      }
      guard let outcome = HistoryOperation.Outcome(rawValue: typeName) else {
        throw HistoryError(source: source, line: lineNumber, message: "unknown :type :\(typeName); an op is :invoke, :ok, :fail or :info")
      }
      guard let invoked = open.removeValue(forKey: process) else {
        throw HistoryError(
          source: source, line: lineNumber, message: "process \(process) completes :\(function) (:\(typeName)) but has no open invocation; its :invoke line must come first")
      }
      guard invoked.function == function else {
        throw HistoryError(
          source: source, line: lineNumber,
          message: "process \(process) completes :\(function) but invoked :\(invoked.function) at line \(invoked.line); a completion repeats its invocation's :f")
      }
      operations.append(
        HistoryOperation(
          id: 0, process: process, function: function, invocation: invoked.invocation, completion: op, outcome: outcome,
          invokedAt: invoked.position, completedAt: position, invocationLine: invoked.line, completionLine: lineNumber))
      position += 1
    }
    for (process, invoked) in open {
      operations.append(
        HistoryOperation(
          id: 0, process: process, function: invoked.function, invocation: invoked.invocation, completion: nil, outcome: .info,
          invokedAt: invoked.position, completedAt: nil, invocationLine: invoked.line, completionLine: nil))
    }
    operations.sort { $0.invokedAt < $1.invokedAt }
    return History(source: source, operations: operations.enumerated().map { $0.element.renumbered($0.offset) }, eventCount: position)
  }

  /// The history in the file at `path`.
  public static func read(contentsOf path: String) throws(HistoryError) -> History {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw HistoryError(source: path, line: nil, message: "cannot read the file (\(error.localizedDescription)); give the path of a history.edn or a JSON-lines history")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw HistoryError(source: path, line: nil, message: "the file is not UTF-8 text; a history is one EDN map or JSON object per line")
    }
    return try read(text, source: path)
  }

  /// One op: an EDN map, a JSON object or a Jepsen log line.
  static func readOp(_ line: Substring, source: String, line lineNumber: Int, indent: Int = 0) throws(HistoryError) -> EDNValue {
    if line.hasPrefix("INFO") || line.hasPrefix("WARN") || line.hasPrefix("DEBUG") {
      return try readLogLine(line, source: source, line: lineNumber)
    }
    let isJSON = line.first == "{" && line.dropFirst().drop(while: { $0 == " " }).first == "\""
    let op: EDNValue
    if isJSON {
      op = try readJSON(line, source: source, line: lineNumber)
    } else {
      do {
        op = try EDNReader.value(in: line)
      } catch {
        throw HistoryError(source: source, line: lineNumber, column: error.column + indent, message: error.message)
      }
    }
    guard case .map = op else {
      throw HistoryError(source: source, line: lineNumber, column: 1, message: "expected an op map such as `{:process 0, :type :invoke, :f :read, :value nil}`, found `\(String(describing: op).prefix(40))`")
    }
    return op
  }

  /// `INFO  jepsen.util - 3	:invoke	:cas	[4 4]` as the op map it logs.
  static func readLogLine(_ line: Substring, source: String, line lineNumber: Int) throws(HistoryError) -> EDNValue {
    guard let marker = line.range(of: " - ") else {
      throw HistoryError(source: source, line: lineNumber, message: "a Jepsen log line reads `INFO  jepsen.util - PROCESS :TYPE :F VALUE` (tabs or spaces between)")
    }
    let fields = line[marker.upperBound...].split(maxSplits: 3, whereSeparator: { $0 == "\t" || $0 == " " })
    guard fields.count >= 3 else {
      throw HistoryError(source: source, line: lineNumber, message: "a Jepsen log line has a process, a :type, an :f and a value separated by tabs or spaces; this one has \(fields.count) field(s)")
    }
    var pairs: [(key: EDNValue, value: EDNValue)] = []
    for (key, field) in zip(["process", "type", "f", "value"], fields) {
      do {
        pairs.append((.keyword(key), try EDNReader.value(in: field)))
      } catch {
        throw HistoryError(source: source, line: lineNumber, message: "in its \(key) field: \(error.message)")
      }
    }
    return .map(pairs)
  }
}
