import Foundation
import StateValues

/// A value as JSON between two processes of the shell (`explore --against` asks an older
/// revision's reducer for its states): every case kept as it is, so the two sides compare the
/// same values the shell prints and diffs. One member names the case:
/// `{"s": "text"}`, `{"i": 3}`, `{"d": "1.5"}` (as Swift writes it: `"nan"`, `"inf"` too), `{"b": true}`,
/// `{"z": 0}` for nil, `{"t": seconds since 2001}`, `{"a": [...]}`, `{"m": [{"k": …, "v": …}]}`,
/// `{"e": {"t": type, "n": name, "f": [{"l": label, "v": …}]}}`, `{"r": {"t": type, "f": [...]}}`,
/// `{"p": ["key", "path"]}`, `{"o": "placeholder"}`. A typed `member` is never encoded: only the
/// parser makes one.
struct WireValue: Codable, Sendable, Equatable {
  /// The value carried.
  let value: Value

  init(_ value: Value) {
    self.value = value
  }

  private enum Tag: String, CodingKey {
    case string = "s", int = "i", double = "d", bool = "b", null = "z", date = "t", array = "a", dictionary = "m"
    case enumCase = "e", structure = "r", keyPath = "p", opaque = "o"
  }

  private enum Part: String, CodingKey {
    case type = "t", name = "n", fields = "f", label = "l", value = "v", key = "k"
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Tag.self)
    switch value {
    case .string(let text): try container.encode(text, forKey: .string)
    case .int(let number): try container.encode(number, forKey: .int)
    case .double(let number):
      // As Swift writes it, which reads back to the same bits, NaN and the infinities too.
      try container.encode(number.description, forKey: .double)
    case .bool(let flag): try container.encode(flag, forKey: .bool)
    case .null: try container.encode(0, forKey: .null)
    case .date(let date): try container.encode(date.timeIntervalSinceReferenceDate, forKey: .date)
    case .array(let elements): try container.encode(elements.map(WireValue.init), forKey: .array)
    case .dictionary(let entries):
      var list = container.nestedUnkeyedContainer(forKey: .dictionary)
      for entry in entries {
        var pair = list.nestedContainer(keyedBy: Part.self)
        try pair.encode(WireValue(entry.key), forKey: .key)
        try pair.encode(WireValue(entry.value), forKey: .value)
      }
    case .enumCase(let typeName, let name, let arguments):
      var body = container.nestedContainer(keyedBy: Part.self, forKey: .enumCase)
      try body.encodeIfPresent(typeName, forKey: .type)
      try body.encode(name, forKey: .name)
      if let arguments { try Self.encode(arguments, in: &body) }
    case .structure(let typeName, let fields):
      var body = container.nestedContainer(keyedBy: Part.self, forKey: .structure)
      try body.encode(typeName, forKey: .type)
      try Self.encode(fields, in: &body)
    case .keyPath(let path): try container.encode(path, forKey: .keyPath)
    case .opaque(let placeholder): try container.encode(placeholder, forKey: .opaque)
    case .member:
      throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "a typed member is read, never sent"))
    }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Tag.self)
    guard let tag = container.allKeys.first, container.allKeys.count == 1 else {
      throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "a value has exactly one member naming its case"))
    }
    switch tag {
    case .string: value = .string(try container.decode(String.self, forKey: tag))
    case .int: value = .int(try container.decode(Int.self, forKey: tag))
    case .double:
      let text = try container.decode(String.self, forKey: tag)
      guard let number = Double(text) else {
        throw DecodingError.dataCorruptedError(forKey: tag, in: container, debugDescription: "not a number: \(text.truncatedForMessage)")
      }
      value = .double(number)
    case .bool: value = .bool(try container.decode(Bool.self, forKey: tag))
    case .null: value = .null
    case .date: value = .date(Date(timeIntervalSinceReferenceDate: try container.decode(Double.self, forKey: tag)))
    case .array: value = .array(try container.decode([WireValue].self, forKey: tag).map(\.value))
    case .dictionary:
      var list = try container.nestedUnkeyedContainer(forKey: tag)
      var entries: [Entry] = []
      while !list.isAtEnd {
        let pair = try list.nestedContainer(keyedBy: Part.self)
        entries.append(Entry(try pair.decode(WireValue.self, forKey: .key).value, try pair.decode(WireValue.self, forKey: .value).value))
      }
      value = .dictionary(entries)
    case .enumCase:
      let body = try container.nestedContainer(keyedBy: Part.self, forKey: tag)
      value = .enumCase(
        typeName: try body.decodeIfPresent(String.self, forKey: .type), name: try body.decode(String.self, forKey: .name),
        arguments: body.contains(.fields) ? try Self.fields(in: body) : nil)
    case .structure:
      let body = try container.nestedContainer(keyedBy: Part.self, forKey: tag)
      value = .structure(typeName: try body.decode(String.self, forKey: .type), fields: try Self.fields(in: body))
    case .keyPath: value = .keyPath(try container.decode([String].self, forKey: tag))
    case .opaque: value = .opaque(try container.decode(String.self, forKey: tag))
    }
  }

  private static func encode(_ fields: [Field], in body: inout KeyedEncodingContainer<Part>) throws {
    var list = body.nestedUnkeyedContainer(forKey: .fields)
    for field in fields {
      var pair = list.nestedContainer(keyedBy: Part.self)
      try pair.encode(field.label, forKey: .label)
      try pair.encode(WireValue(field.value), forKey: .value)
    }
  }

  private static func fields(in body: KeyedDecodingContainer<Part>) throws -> [Field] {
    var list = try body.nestedUnkeyedContainer(forKey: .fields)
    var fields: [Field] = []
    while !list.isAtEnd {
      let pair = try list.nestedContainer(keyedBy: Part.self)
      fields.append(Field(try pair.decode(String.self, forKey: .label), try pair.decode(WireValue.self, forKey: .value).value))
    }
    return fields
  }
}
