/// A line of a history file, in the file's bytes: what it holds (an op, a comment, a blank),
/// and where in it an op's field is, for messages.
struct HistoryLine {
  let bytes: [UInt8]
  let start: Int
  let end: Int
  let number: Int
  let source: String
  let depthLimit: Int

  /// An op read from a line: its fields, and the line to name in messages about them.
  struct Op {
    let fields: EDNValue
    let line: HistoryLine
    let isJSON: Bool
  }

  func error(_ message: String, column: Int? = nil) -> HistoryError {
    HistoryError(source: source, line: number, column: column, message: message)
  }

  /// The op the line holds, or nil for a comment or a blank line.
  func op() throws(HistoryError) -> Op? {
    guard end - start <= HistoryReader.maximumLineLength else {
      throw error("the line is longer than \(HistoryReader.maximumLineLength) bytes; one op per line")
    }
    if let invalid = UTF8Check.firstInvalidByte(in: bytes, from: start, to: end) {
      throw error("byte 0x\(String(bytes[invalid], radix: 16, uppercase: true)) is not UTF-8 text; a history is one EDN map or JSON object per line", column: invalid - start + 1)
    }
    var first = start
    while first < end && (bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") || bytes[first] == UInt8(ascii: "\r")) { first += 1 }
    guard first < end, bytes[first] != UInt8(ascii: ";") else { return nil }
    if bytes[first] == UInt8(ascii: "#") {
      let next = first + 1 < end ? bytes[first + 1] : UInt8(ascii: " ")
      if next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") || next == UInt8(ascii: "#") || next == UInt8(ascii: "!") || next == UInt8(ascii: "\r") {
        return nil
      }
    }
    if startsWithLogLevel(at: first) {
      return Op(fields: try logLine(from: first), line: self, isJSON: false)
    }
    var afterBrace = first + 1
    while afterBrace < end && bytes[afterBrace] == UInt8(ascii: " ") { afterBrace += 1 }
    let isJSON = bytes[first] == UInt8(ascii: "{") && afterBrace < end && bytes[afterBrace] == UInt8(ascii: "\"")
    let fields: EDNValue
    do {
      if isJSON {
        var reader = JSONLineReader(bytes, from: first, to: end, lineStart: start, depthLimit: depthLimit)
        fields = try reader.readAll()
      } else {
        var reader = EDNReader(bytes, from: first, to: end, lineStart: start, depthLimit: depthLimit)
        fields = try reader.readAll()
      }
    } catch {
      throw self.error(error.message, column: error.column)
    }
    guard case .map = fields else {
      throw error("expected an op map such as `{:process 0, :type :invoke, :f :read, :value nil}`, found `\(String(describing: fields).prefix(40))`", column: first - start + 1)
    }
    return Op(fields: fields, line: self, isJSON: isJSON)
  }

  /// The 1-based column where the value of the op's `key` starts, when the line shows it.
  func column(of key: String, isJSON: Bool) -> Int? {
    let columns = isJSON
      ? JSONLineReader.fieldColumns(bytes, from: start, to: end, lineStart: start, depthLimit: depthLimit)
      : EDNReader.fieldColumns(bytes, from: start, to: end, lineStart: start, depthLimit: depthLimit)
    return columns[key]
  }

  private func startsWithLogLevel(at index: Int) -> Bool {
    ["INFO", "WARN", "DEBUG"].contains { level in
      index + level.utf8.count <= end && bytes[index..<index + level.utf8.count].elementsEqual(level.utf8)
    }
  }

  /// `INFO  jepsen.util - 3	:invoke	:cas	[4 4]` as the op map it logs.
  private func logLine(from first: Int) throws(HistoryError) -> EDNValue {
    let text = String(decoding: bytes[first..<end], as: UTF8.self)
    guard let marker = text.range(of: " - ") else {
      throw error("a Jepsen log line reads `INFO  jepsen.util - PROCESS :TYPE :F VALUE` (tabs or spaces between)")
    }
    let fields = text[marker.upperBound...].split(maxSplits: 3, whereSeparator: { $0 == "\t" || $0 == " " })
    guard fields.count >= 3 else {
      throw error("a Jepsen log line has a process, a :type, an :f and a value separated by tabs or spaces; this one has \(fields.count) field(s)")
    }
    var pairs: [(key: EDNValue, value: EDNValue)] = []
    for (key, field) in zip(["process", "type", "f", "value"], fields) {
      do {
        pairs.append((.keyword(key), try EDNReader.value(in: field, depthLimit: depthLimit)))
      } catch {
        throw self.error("in its \(key) field: \(error.message)")
      }
    }
    return .map(pairs)
  }
}
