import Foundation

/// The members of a JSON object as their exact text, one level deep: `{"id": 1e19}` has the
/// member `id` whose text is `1e19`. A request's id is answered with the very text it was sent
/// with, which no parsed number keeps (`1e19` is not an `Int`, and a `Double` prints it another
/// way). Reads the object once, in linear time.
struct TopLevelMembers {
  /// Each member's value as it was written, by the member's name; of a name given twice, the last.
  let texts: [String: Data]
  /// Where each member's value lies in the object's bytes, by the member's name (of a name given
  /// twice, the last): what the MCP transport replaces to give a request an id of its own.
  let ranges: [String: Range<Int>]

  /// The members of `data`, which must already be known to be valid JSON; nil when it is not an
  /// object.
  init?(_ data: Data) {
    let bytes = [UInt8](data)
    var index = Self.skipSpace(bytes, from: 0)
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
    index += 1
    var texts: [String: Data] = [:]
    var ranges: [String: Range<Int>] = [:]
    while true {
      index = Self.skipSpace(bytes, from: index)
      guard index < bytes.count else { return nil }
      if bytes[index] == UInt8(ascii: "}") { break }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      let keyEnd = Self.endOfString(bytes, from: index)
      guard let key = Self.decodedString(Data(bytes[index..<keyEnd])) else { return nil }
      index = Self.skipSpace(bytes, from: keyEnd)
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
      let valueStart = Self.skipSpace(bytes, from: index + 1)
      let valueEnd = Self.endOfValue(bytes, from: valueStart)
      texts[key] = Data(bytes[valueStart..<valueEnd])
      ranges[key] = valueStart..<valueEnd
      index = valueEnd
    }
    self.texts = texts
    self.ranges = ranges
  }

  /// The text of a JSON string (its quotes included) as the string it stands for.
  static func decodedString(_ text: Data) -> String? {
    guard text.first == UInt8(ascii: "\"") else { return nil }
    if !text.contains(UInt8(ascii: "\\")) {
      return String(data: text.dropFirst().dropLast(), encoding: .utf8)
    }
    return MessageKind.read(String.self, from: text)
  }

  private static func skipSpace(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start
    while index < bytes.count, isSpace(bytes[index]) { index += 1 }
    return index
  }

  /// Whether `byte` is whitespace as JSON has it.
  static func isSpace(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x20, 0x09, 0x0A, 0x0D: true
    default: false
    }
  }

  /// The index after the string that starts at `start` (its opening quote).
  private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start + 1
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\\"): index += 2
      case UInt8(ascii: "\""): return index + 1
      default: index += 1
      }
    }
    return bytes.count
  }

  /// The index after the value that starts at `start`: a string, an object or array with all it
  /// holds, or a number or literal up to the next delimiter.
  private static func endOfValue(_ bytes: [UInt8], from start: Int) -> Int {
    guard start < bytes.count else { return start }
    switch bytes[start] {
    case UInt8(ascii: "\""):
      return endOfString(bytes, from: start)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      var index = start
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          index = endOfString(bytes, from: index)
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 { return index + 1 }
        default:
          break
        }
        index += 1
      }
      return bytes.count
    default:
      var index = start
      while index < bytes.count, !isSpace(bytes[index]), ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[index]) {
        index += 1
      }
      return index
    }
  }
}
