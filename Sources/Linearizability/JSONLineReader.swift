import ReplShellFoundation

/// Reads one JSON object from a line of a history as the EDN map it means: keys become
/// keywords (`"type": "ok"` reads as `:type "ok"`, whose name is `ok`), strings stay strings,
/// numbers are integers (within 64 bits, or an error) or floats, arrays are vectors. Strict
/// JSON, on the file's bytes in place, with arrays and objects nested within the same depth
/// budget as EDN's forms.
struct JSONLineReader {
  private let bytes: [UInt8]
  private var position: Int
  private let end: Int
  private let lineStart: Int
  private let depthLimit: Int
  /// Where each value of the line's top-level object starts, by its key, when asked.
  private var columns: [String: Int]?

  /// A reader of `bytes[start..<end]`, a line that begins at `lineStart`.
  init(_ bytes: [UInt8], from start: Int, to end: Int, lineStart: Int, depthLimit: Int) {
    self.bytes = bytes
    self.position = start
    self.end = end
    self.lineStart = lineStart
    self.depthLimit = depthLimit
  }

  /// The one value of the line; anything after it but whitespace is an error.
  mutating func readAll() throws(EDNReader.Failure) -> EDNValue {
    let value = try readValue(depth: 0)
    skipWhitespace()
    if position < end { throw failure("unexpected `\(excerpt)` after the object", at: position) }
    return value
  }

  /// The 1-based column where the value of each key of the line's top-level object starts, for
  /// messages about a field: as far as the line reads.
  static func fieldColumns(_ bytes: [UInt8], from start: Int, to end: Int, lineStart: Int, depthLimit: Int) -> [String: Int] {
    var reader = JSONLineReader(bytes, from: start, to: end, lineStart: lineStart, depthLimit: depthLimit)
    reader.columns = [:]
    do {
      _ = try reader.readValue(depth: 0)
    } catch {
      // The columns found before the error are all there is to give.
    }
    return reader.columns ?? [:]
  }

  private func failure(_ message: String, at index: Int) -> EDNReader.Failure {
    EDNReader.Failure(message: "not a JSON object: " + message, column: index - lineStart + 1)
  }

  private var excerpt: String {
    String(decoding: bytes[position..<min(end, position + 12)], as: UTF8.self)
  }

  private mutating func skipWhitespace() {
    while position < end {
      switch bytes[position] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): position += 1
      default: return
      }
    }
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws(EDNReader.Failure) {
    skipWhitespace()
    guard position < end, bytes[position] == byte else {
      throw failure(position < end ? "expected \(what), found `\(excerpt)`" : "the line ends where \(what) should be", at: position)
    }
    position += 1
  }

  private mutating func readValue(depth: Int) throws(EDNReader.Failure) -> EDNValue {
    skipWhitespace()
    guard position < end else { throw failure("the line ends where a value should be", at: position) }
    guard depth <= depthLimit else {
      throw failure("the value nests deeper than \(depthLimit) levels (each array and object opens one)", at: position)
    }
    let start = position
    switch bytes[position] {
    case UInt8(ascii: "{"):
      position += 1
      return try readObject(depth: depth, opened: start)
    case UInt8(ascii: "["):
      position += 1
      var values: [EDNValue] = []
      skipWhitespace()
      if position < end && bytes[position] == UInt8(ascii: "]") {
        position += 1
        return .vector(values)
      }
      while true {
        values.append(try readValue(depth: depth + 1))
        skipWhitespace()
        guard position < end else { throw failure("`[` opened here is not closed on this line; close it with `]`", at: start) }
        if bytes[position] == UInt8(ascii: "]") {
          position += 1
          return .vector(values)
        }
        try expect(UInt8(ascii: ","), "`,` or `]`")
      }
    case UInt8(ascii: "\""):
      return .string(try readString())
    case UInt8(ascii: "t"): return try readWord("true", .bool(true))
    case UInt8(ascii: "f"): return try readWord("false", .bool(false))
    case UInt8(ascii: "n"): return try readWord("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return try readNumber()
    default:
      throw failure("unexpected `\(excerpt)` where a value should be", at: start)
    }
  }

  private mutating func readWord(_ word: String, _ value: EDNValue) throws(EDNReader.Failure) -> EDNValue {
    let count = word.utf8.count
    guard position + count <= end, bytes[position..<position + count].elementsEqual(word.utf8) else {
      throw failure("unexpected `\(excerpt)` where a value should be", at: position)
    }
    position += count
    return value
  }

  private mutating func readObject(depth: Int, opened: Int) throws(EDNReader.Failure) -> EDNValue {
    var pairs: [(key: EDNValue, value: EDNValue)] = []
    skipWhitespace()
    if position < end && bytes[position] == UInt8(ascii: "}") {
      position += 1
      return .map(pairs)
    }
    while true {
      skipWhitespace()
      guard position < end else { throw failure("`{` opened here is not closed on this line; close it with `}`", at: opened) }
      guard bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a key in double quotes, found `\(excerpt)`", at: position) }
      let keyStart = position
      let key = try readString()
      try expect(UInt8(ascii: ":"), "`:` after the key")
      skipWhitespace()
      if depth == 0 && columns != nil {
        let start = position - lineStart + 1
        columns?[key] = start
      }
      let value = try readValue(depth: depth + 1)
      guard !pairs.contains(where: { $0.key == .keyword(key) }) else {
        throw failure("the key \(EDNValue.quoted(key)) appears twice in one object", at: keyStart)
      }
      pairs.append((.keyword(key), value))
      skipWhitespace()
      guard position < end else { throw failure("`{` opened here is not closed on this line; close it with `}`", at: opened) }
      if bytes[position] == UInt8(ascii: "}") {
        position += 1
        return .map(pairs)
      }
      try expect(UInt8(ascii: ","), "`,` or `}`")
    }
  }

  /// A number as JSON writes it: an integer when it has no fraction or exponent.
  private mutating func readNumber() throws(EDNReader.Failure) -> EDNValue {
    let start = position
    func digits() -> Int {
      let from = position
      while position < end, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") { position += 1 }
      return position - from
    }
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard digits() > 0 else { throw failure("a number needs digits after `-`", at: start) }
    var isInteger = true
    if position < end && bytes[position] == UInt8(ascii: ".") {
      position += 1
      isInteger = false
      guard digits() > 0 else { throw failure("a number needs digits after `.`", at: start) }
    }
    if position < end && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")) {
      position += 1
      isInteger = false
      if position < end && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) { position += 1 }
      guard digits() > 0 else { throw failure("a number needs digits in its exponent", at: start) }
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    if isInteger {
      guard let value = Int(text) else {
        throw EDNReader.Failure(
          message: "`\(text.prefix(24))` does not fit 64 bits; a history's integers lie within ±9223372036854775807", column: start - lineStart + 1)
      }
      return .integer(value)
    }
    guard let value = Double(text), value.isFinite else { throw failure("`\(text.prefix(24))` is too large a number", at: start) }
    return .float(value)
  }

  private mutating func readString() throws(EDNReader.Failure) -> String {
    let opened = position
    position += 1
    var scalars = String.UnicodeScalarView()
    var run = position
    func flush(_ upTo: Int) {
      if run < upTo { scalars.append(contentsOf: String(decoding: bytes[run..<upTo], as: UTF8.self).unicodeScalars) }
    }
    while position < end {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        flush(position)
        position += 1
        return String(scalars)
      }
      guard byte == UInt8(ascii: "\\") else {
        position += 1
        continue
      }
      flush(position)
      guard position + 1 < end else { break }
      let escaped = bytes[position + 1]
      position += 2
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(Unicode.Scalar(escaped))
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "t"): scalars.append("\t")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "b"): scalars.append("\u{8}")
      case UInt8(ascii: "f"): scalars.append("\u{C}")
      case UInt8(ascii: "u"):
        var unit = try readHex(at: position - 2)
        if (0xD800...0xDBFF).contains(unit), position + 1 < end, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
          position += 2
          let low = try readHex(at: position - 2)
          guard (0xDC00...0xDFFF).contains(low) else { throw failure("`\\u` escapes a lone surrogate", at: position - 12) }
          unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(unit) else { throw failure("`\\u` escapes a lone surrogate", at: position - 6) }
        scalars.append(scalar)
      default:
        let shown = ControlCharacters.escaped(String(decoding: [escaped], as: UTF8.self), onOneLine: true)
        throw failure("unknown escape `\\\(shown)` in a string; JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", at: position - 2)
      }
      run = position
    }
    throw failure("a string opened here is not closed on this line; close it with `\"`", at: opened)
  }

  /// The four hex digits of a `\u` escape that starts at `escape`.
  private mutating func readHex(at escape: Int) throws(EDNReader.Failure) -> UInt32 {
    guard position + 4 <= end else { throw failure("`\\u` takes four hex digits", at: escape) }
    var value: UInt32 = 0
    for byte in bytes[position..<position + 4] {
      guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { throw failure("`\\u` takes four hex digits", at: escape) }
      value = value * 16 + UInt32(digit)
    }
    position += 4
    return value
  }
}

extension JSONLineReader {
  /// `value` as JSON writes it, for messages about a JSON line: `null`, `[1, 2]`, `{"k": "v"}`.
  static func written(_ value: EDNValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let flag): flag ? "true" : "false"
    case .integer(let number): String(number)
    case .float(let number): String(number)
    case .string(let text), .keyword(let text), .symbol(let text): EDNValue.quoted(text)
    case .vector(let values): "[" + values.map(written).joined(separator: ", ") + "]"
    case .map(let pairs): "{" + pairs.map { "\(written($0.key)): \(written($0.value))" }.joined(separator: ", ") + "}"
    }
  }
}
