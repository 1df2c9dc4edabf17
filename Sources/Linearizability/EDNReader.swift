import ReplShellFoundation

/// Reads one EDN value from a line of a history, as Jepsen writes them: commas are whitespace,
/// `#{…}` sets and `(…)` lists read as vectors, `#inst "…"` and other tagged values read as
/// their value, `#_` drops the value after it. Every form that nests (vectors, lists, sets,
/// maps, tags and discards) opens a level of one depth budget, so that no line can exhaust the
/// stack, and the reader works on the file's bytes in place.
struct EDNReader {
  /// The deepest nesting a value may have unless a budget says otherwise.
  static let maximumDepth = Budget.defaultDepth

  private let bytes: [UInt8]
  private var position: Int
  private let end: Int
  private let lineStart: Int
  private let depthLimit: Int
  /// Where each value of the line's top-level map starts, by its key's name, when asked.
  private var columns: [String: Int]?

  /// An error at a 1-based column of the line.
  struct Failure: Error, Equatable {
    let message: String
    let column: Int
  }

  /// A reader of `bytes[start..<end]`, a line (or a part of one) that begins at `lineStart`.
  init(_ bytes: [UInt8], from start: Int, to end: Int, lineStart: Int, depthLimit: Int) {
    self.bytes = bytes
    self.position = start
    self.end = end
    self.lineStart = lineStart
    self.depthLimit = depthLimit
  }

  /// The one value `text` holds; anything after it but whitespace is an error.
  static func value(in text: Substring, depthLimit: Int = maximumDepth) throws(Failure) -> EDNValue {
    let bytes = Array(text.utf8)
    var reader = EDNReader(bytes, from: 0, to: bytes.count, lineStart: 0, depthLimit: depthLimit)
    return try reader.readAll()
  }

  /// The one value of the reader's bytes; anything after it but whitespace is an error.
  mutating func readAll() throws(Failure) -> EDNValue {
    let value = try readValue(depth: 0)
    skipWhitespace()
    if position < end {
      throw Failure(message: "unexpected `\(excerpt)` after the value", column: column(position))
    }
    return value
  }

  /// The 1-based column where the value of each key of the line's top-level map starts, for
  /// messages about a field: as far as the line reads.
  static func fieldColumns(_ bytes: [UInt8], from start: Int, to end: Int, lineStart: Int, depthLimit: Int) -> [String: Int] {
    var reader = EDNReader(bytes, from: start, to: end, lineStart: lineStart, depthLimit: depthLimit)
    reader.columns = [:]
    do {
      _ = try reader.readValue(depth: 0)
    } catch {
      // The columns found before the error are all there is to give.
    }
    return reader.columns ?? [:]
  }

  private func column(_ index: Int) -> Int {
    index - lineStart + 1
  }

  private var excerpt: String {
    String(decoding: bytes[position..<min(end, position + 12)], as: UTF8.self)
  }

  private func tooDeep(at index: Int) -> Failure {
    Failure(
      message: "the value nests deeper than \(depthLimit) levels (each vector, list, set, map, tag and `#_` opens one); an op's values nest a few",
      column: column(index))
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
      || byte == UInt8(ascii: "\n")
  }

  private mutating func skipWhitespace() {
    while position < end {
      let byte = bytes[position]
      if Self.isWhitespace(byte) {
        position += 1
      } else if byte == UInt8(ascii: ";") {
        position = end
      } else {
        return
      }
    }
  }

  /// Whether a discard (`#_`) starts here.
  private var atDiscard: Bool {
    position + 1 < end && bytes[position] == UInt8(ascii: "#") && bytes[position + 1] == UInt8(ascii: "_")
  }

  /// A value at `depth` levels of nesting; a discard before it drops the value it names (one
  /// level deeper) and reads the next.
  private mutating func readValue(depth: Int) throws(Failure) -> EDNValue {
    while true {
      skipWhitespace()
      guard position < end else { throw Failure(message: "the line ends where a value should be", column: column(position)) }
      guard depth <= depthLimit else { throw tooDeep(at: position) }
      let start = position
      switch bytes[position] {
      case UInt8(ascii: "{"):
        position += 1
        return try readMap(depth: depth, opened: start)
      case UInt8(ascii: "["):
        position += 1
        return .vector(try readElements(until: UInt8(ascii: "]"), depth: depth, opened: start))
      case UInt8(ascii: "("):
        position += 1
        return .vector(try readElements(until: UInt8(ascii: ")"), depth: depth, opened: start))
      case UInt8(ascii: "#"):
        position += 1
        if position < end && bytes[position] == UInt8(ascii: "{") {
          position += 1
          return .vector(try readElements(until: UInt8(ascii: "}"), depth: depth, opened: start))
        }
        if position < end && bytes[position] == UInt8(ascii: "_") {
          position += 1
          _ = try readValue(depth: depth + 1)
          continue
        }
        // A tagged value (`#inst "2024-…"`, `#jepsen.history.Op{…}`): the tag is read and dropped.
        let tag = readToken()
        guard !tag.isEmpty else { throw Failure(message: "expected a tag, `{` or `_` after `#`", column: column(start)) }
        return try readValue(depth: depth + 1)
      case UInt8(ascii: "\""):
        return .string(try readString())
      case UInt8(ascii: ":"):
        position += 1
        let name = readToken()
        guard !name.isEmpty else { throw Failure(message: "expected a keyword's name after `:`", column: column(start)) }
        return .keyword(name)
      case UInt8(ascii: "]"), UInt8(ascii: ")"), UInt8(ascii: "}"):
        throw Failure(message: "unexpected `\(Character(Unicode.Scalar(bytes[position])))` with nothing open", column: column(start))
      default:
        let token = readToken()
        guard !token.isEmpty else {
          throw Failure(message: "unexpected `\(excerpt)`", column: column(start))
        }
        return try Self.atom(token, column: column(start))
      }
    }
  }

  /// `nil`, a boolean, a number or a symbol. An integer must fit 64 bits: one that does not is
  /// an error, not a float that has lost its digits.
  private static func atom(_ token: String, column: Int) throws(Failure) -> EDNValue {
    switch token {
    case "nil": return .null
    case "true": return .bool(true)
    case "false": return .bool(false)
    default:
      let utf8 = token.utf8
      let signed = utf8.first == UInt8(ascii: "-") || utf8.first == UInt8(ascii: "+")
      let body = signed ? utf8.dropFirst() : utf8[...]
      guard let first = body.first, first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") else { return .symbol(token) }
      let digits = body.last == UInt8(ascii: "N") ? body.dropLast() : body
      if digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
        let text = token.hasSuffix("N") ? String(token.dropLast()) : token
        guard let value = Int(text) else {
          throw Failure(message: "`\(token.prefix(24))` does not fit 64 bits; a history's integers lie within ±9223372036854775807", column: column)
        }
        return .integer(value)
      }
      let decimal = token.hasSuffix("M") ? String(token.dropLast()) : token
      if let value = Double(decimal), value.isFinite { return .float(value) }
      throw Failure(message: "`\(token.prefix(24))` is not a number EDN can hold here (such as 3, -2 or 1.5)", column: column)
    }
  }

  /// Letters, digits and the punctuation EDN allows in symbols and keywords.
  private mutating func readToken() -> String {
    let start = position
    while position < end {
      switch bytes[position] {
      case UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"),
        UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "("), UInt8(ascii: ")"),
        UInt8(ascii: "\""), UInt8(ascii: ";"):
        return String(decoding: bytes[start..<position], as: UTF8.self)
      default: position += 1
      }
    }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  private mutating func readString() throws(Failure) -> String {
    let opened = position
    position += 1
    var scalars: [UInt8] = []
    while position < end {
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: scalars, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard position < end else { break }
        let escaped = bytes[position]
        position += 1
        switch escaped {
        case UInt8(ascii: "n"): scalars.append(UInt8(ascii: "\n"))
        case UInt8(ascii: "t"): scalars.append(UInt8(ascii: "\t"))
        case UInt8(ascii: "r"): scalars.append(UInt8(ascii: "\r"))
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): scalars.append(escaped)
        default:
          let shown = ControlCharacters.escaped(String(decoding: [escaped], as: UTF8.self), onOneLine: true)
          throw Failure(message: "unknown escape `\\\(shown)` in a string; EDN knows \\n \\t \\r \\\" \\\\", column: column(position - 2))
        }
      default:
        scalars.append(byte)
      }
    }
    throw Failure(message: "a string opened here is not closed on this line; close it with `\"`", column: column(opened))
  }

  /// The elements up to `closing`, each one level deeper than the form that holds them. For
  /// the line's top-level map, when asked, the column where each value starts.
  private mutating func readElements(until closing: UInt8, depth: Int, opened: Int) throws(Failure) -> [EDNValue] {
    var values: [EDNValue] = []
    let recordsColumns = columns != nil && depth == 0 && bytes[opened] == UInt8(ascii: "{")
    while true {
      skipWhitespace()
      guard position < end else {
        throw Failure(
          message: "`\(Character(Unicode.Scalar(bytes[opened])))` opened here is not closed on this line; close it with `\(Character(Unicode.Scalar(closing)))`",
          column: column(opened))
      }
      if bytes[position] == closing {
        position += 1
        return values
      }
      if atDiscard {
        position += 2
        _ = try readValue(depth: depth + 1)
        continue
      }
      if recordsColumns && values.count % 2 == 1, let name = values.last?.name {
        let start = column(position)
        columns?[name] = start
      }
      values.append(try readValue(depth: depth + 1))
    }
  }

  private mutating func readMap(depth: Int, opened: Int) throws(Failure) -> EDNValue {
    let elements = try readElements(until: UInt8(ascii: "}"), depth: depth, opened: opened)
    guard elements.count % 2 == 0 else {
      throw Failure(message: "a map needs a value for each key; `\(elements[elements.count - 1])` has none", column: column(opened))
    }
    var pairs: [(key: EDNValue, value: EDNValue)] = []
    pairs.reserveCapacity(elements.count / 2)
    // A few keys are compared pairwise; a large map's through a set.
    var keys = elements.count > 32 ? Set<EDNValue>() : nil
    for index in stride(from: 0, to: elements.count, by: 2) {
      let key = elements[index]
      let repeated = if let keys { keys.contains(key) } else { pairs.contains { $0.key == key } }
      guard !repeated else {
        throw Failure(message: "the key `\(key)` appears twice in one map", column: column(opened))
      }
      keys?.insert(key)
      pairs.append((key, elements[index + 1]))
    }
    return .map(pairs)
  }
}
