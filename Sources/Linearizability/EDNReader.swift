/// Reads one EDN value from a line of a history, as Jepsen writes them: commas are whitespace,
/// `#{…}` sets and `(…)` lists read as vectors, `#inst "…"` and other tagged values read as
/// their value. Nesting is bounded so that no line can exhaust the stack.
struct EDNReader {
  /// The deepest nesting of vectors and maps a value may have.
  static let maximumDepth = 64

  private let bytes: [UInt8]
  private var position = 0

  /// An error at a 1-based column of the line.
  struct Failure: Error, Equatable {
    let message: String
    let column: Int
  }

  init(_ text: Substring) {
    bytes = Array(text.utf8)
  }

  /// The one value the line holds; anything after it but whitespace is an error.
  static func value(in text: Substring) throws(Failure) -> EDNValue {
    var reader = EDNReader(text)
    let value = try reader.readValue(depth: 0)
    reader.skipWhitespace()
    if reader.position < reader.bytes.count {
      throw Failure(message: "unexpected `\(reader.excerpt)` after the value", column: reader.position + 1)
    }
    return value
  }

  private var excerpt: String {
    String(decoding: bytes[position..<min(bytes.count, position + 12)], as: UTF8.self)
  }

  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): position += 1
      case UInt8(ascii: ";"): position = bytes.count
      default: return
      }
    }
  }

  private mutating func readValue(depth: Int) throws(Failure) -> EDNValue {
    skipWhitespace()
    guard position < bytes.count else { throw Failure(message: "the line ends where a value should be", column: position + 1) }
    let start = position
    switch bytes[position] {
    case UInt8(ascii: "{"):
      return try readMap(depth: depth + 1)
    case UInt8(ascii: "["):
      position += 1
      return .vector(try readElements(until: UInt8(ascii: "]"), depth: depth + 1, opened: start))
    case UInt8(ascii: "("):
      position += 1
      return .vector(try readElements(until: UInt8(ascii: ")"), depth: depth + 1, opened: start))
    case UInt8(ascii: "#"):
      position += 1
      if position < bytes.count && bytes[position] == UInt8(ascii: "{") {
        position += 1
        return .vector(try readElements(until: UInt8(ascii: "}"), depth: depth + 1, opened: start))
      }
      // A tagged value (`#inst "2024-…"`, `#jepsen.history.Op{…}`): the tag is read and dropped.
      let tag = readToken()
      guard !tag.isEmpty else { throw Failure(message: "expected a tag or `{` after `#`", column: start + 1) }
      return try readValue(depth: depth + 1)
    case UInt8(ascii: "\""):
      return .string(try readString())
    case UInt8(ascii: ":"):
      position += 1
      let name = readToken()
      guard !name.isEmpty else { throw Failure(message: "expected a keyword's name after `:`", column: start + 1) }
      return .keyword(name)
    case UInt8(ascii: "]"), UInt8(ascii: ")"), UInt8(ascii: "}"):
      throw Failure(message: "unexpected `\(Character(Unicode.Scalar(bytes[position])))` with nothing open", column: start + 1)
    default:
      let token = readToken()
      guard !token.isEmpty else {
        throw Failure(message: "unexpected `\(excerpt)`", column: start + 1)
      }
      return try atom(token, column: start + 1)
    }
  }

  private func atom(_ token: String, column: Int) throws(Failure) -> EDNValue {
    switch token {
    case "nil": return .null
    case "true": return .bool(true)
    case "false": return .bool(false)
    default:
      let first = token.utf8.first ?? 0
      let isNumeric = (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
        || ((first == UInt8(ascii: "-") || first == UInt8(ascii: "+")) && token.utf8.count > 1
          && token.utf8.dropFirst().first.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } == true)
      guard isNumeric else { return .symbol(token) }
      let digits = token.hasSuffix("N") ? String(token.dropLast()) : token
      if let value = Int(digits) { return .integer(value) }
      let decimal = token.hasSuffix("M") ? String(token.dropLast()) : token
      if let value = Double(decimal), value.isFinite { return .float(value) }
      throw Failure(message: "`\(token.prefix(24))` is not a number EDN can hold here (integers fit 64 bits)", column: column)
    }
  }

  /// Letters, digits and the punctuation EDN allows in symbols and keywords.
  private mutating func readToken() -> String {
    let start = position
    while position < bytes.count {
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
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: scalars, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard position < bytes.count else { break }
        let escaped = bytes[position]
        position += 1
        switch escaped {
        case UInt8(ascii: "n"): scalars.append(UInt8(ascii: "\n"))
        case UInt8(ascii: "t"): scalars.append(UInt8(ascii: "\t"))
        case UInt8(ascii: "r"): scalars.append(UInt8(ascii: "\r"))
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): scalars.append(escaped)
        default:
          throw Failure(message: "unknown escape `\\\(Character(Unicode.Scalar(escaped)))` in a string; EDN knows \\n \\t \\r \\\" \\\\", column: position - 1)
        }
      default:
        scalars.append(byte)
      }
    }
    throw Failure(message: "a string opened here is not closed on this line; close it with `\"`", column: opened + 1)
  }

  private mutating func readElements(until closing: UInt8, depth: Int, opened: Int) throws(Failure) -> [EDNValue] {
    guard depth <= Self.maximumDepth else {
      throw Failure(message: "values nest deeper than \(Self.maximumDepth) levels", column: opened + 1)
    }
    var values: [EDNValue] = []
    while true {
      skipWhitespace()
      guard position < bytes.count else {
        throw Failure(message: "`\(Character(Unicode.Scalar(bytes[opened])))` opened here is not closed on this line; close it with `\(Character(Unicode.Scalar(closing)))`", column: opened + 1)
      }
      if bytes[position] == closing {
        position += 1
        return values
      }
      values.append(try readValue(depth: depth))
    }
  }

  private mutating func readMap(depth: Int) throws(Failure) -> EDNValue {
    let opened = position
    position += 1
    let elements = try readElements(until: UInt8(ascii: "}"), depth: depth, opened: opened)
    guard elements.count % 2 == 0 else {
      throw Failure(message: "a map needs a value for each key; `\(elements[elements.count - 1])` has none", column: opened + 1)
    }
    var pairs: [(key: EDNValue, value: EDNValue)] = []
    pairs.reserveCapacity(elements.count / 2)
    var keys = Set<EDNValue>()
    for index in stride(from: 0, to: elements.count, by: 2) {
      guard keys.insert(elements[index]).inserted else {
        throw Failure(message: "the key `\(elements[index])` appears twice in one map", column: opened + 1)
      }
      pairs.append((elements[index], elements[index + 1]))
    }
    return .map(pairs)
  }
}
