import Foundation

/// A value as JSON (public for the session events that carry it), for `state --json`, `select --json`, the values `--format json` events carry
/// and MCP's structured results. The mapping is the one `Codable` would choose for the same
/// Swift value, so tools can decode it into the app's own types:
///
/// - numbers, strings, `true`/`false` and `nil` (`null`) as themselves; a `Date` as an
///   ISO 8601 string, as the shell prints it; a non-finite `Double` as the shell prints it (`".infinity"`);
/// - a struct as an object of its fields, in declaration order;
/// - an enum case without arguments as its name (`"carnivorous"`), with arguments as an object
///   of one key, the case, holding the arguments by label (`_0`, `_1` for unlabelled ones);
/// - an array as an array; a dictionary with `String` keys as an object, sorted by key; one
///   with keys of another type as an array of `{"key": …, "value": …}` objects.
public indirect enum JSONForm: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONForm])
  /// An object's members in the order they are written.
  case object([(key: String, value: JSONForm)])

  public static func == (left: JSONForm, right: JSONForm) -> Bool {
    switch (left, right) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.int(let a), .int(let b)): a == b
    case (.double(let a), .double(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(text)
  }
}

extension JSONForm {
  /// The JSON form of a shell value.
  public init(_ value: Value) {
    switch value {
    case .string(let text): self = .string(text)
    case .int(let number): self = .int(number)
    case .double(let number): self = number.isFinite ? .double(number) : .string(ValuePrinter.singleLine(value))
    case .bool(let flag): self = .bool(flag)
    case .null: self = .null
    case .date(let date): self = .string(ValuePrinter.format(date))
    case .array(let elements): self = .array(elements.map(JSONForm.init))
    case .dictionary(let entries):
      let sorted = Value.sortedEntries(entries)
      if sorted.allSatisfy({ if case .string = $0.key { true } else { false } }) {
        self = .object(sorted.map { entry in
          guard case .string(let key) = entry.key else { return ("", JSONForm(entry.value)) }
          return (key, JSONForm(entry.value))
        })
      } else {
        self = .array(sorted.map { .object([("key", JSONForm($0.key)), ("value", JSONForm($0.value))]) })
      }
    case .structure(_, let fields):
      self = .object(fields.map { ($0.label, JSONForm($0.value)) })
    case .enumCase(_, let name, nil):
      self = .string(name)
    case .enumCase(_, let name, let arguments?):
      self = .object([(name, .object(arguments.map { ($0.label, JSONForm($0.value)) }))])
    case .keyPath, .opaque, .member:
      self = .string(ValuePrinter.singleLine(value))
    }
  }

  /// The value with `transform` applied to every string in it and every key of its objects.
  public func mappingStrings(_ transform: (String) -> String) -> JSONForm {
    switch self {
    case .null, .bool, .int, .double: self
    case .string(let text): .string(transform(text))
    case .array(let elements): .array(elements.map { $0.mappingStrings(transform) })
    case .object(let members): .object(members.map { (transform($0.key), $0.value.mappingStrings(transform)) })
    }
  }

  /// The value as compact JSON text on one line.
  public var text: String {
    var output = ""
    write(to: &output)
    return output
  }

  private func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let flag): output += flag ? "true" : "false"
    case .int(let number): output += String(number)
    case .double(let number):
      // Integral doubles keep a fraction, so that they read back as doubles.
      output += number == number.rounded() && abs(number) < 1e15 ? String(format: "%.1f", number) : "\(number)"
    case .string(let text): output += JSONForm.quoted(text)
    case .array(let elements):
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += "," }
        element.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { output += "," }
        output += JSONForm.quoted(member.key) + ":"
        member.value.write(to: &output)
      }
      output += "}"
    }
  }

  /// `text` as a JSON string literal; what the shell's printer escapes (`ValuePrinter.isEscaped`:
  /// controls, `DEL`, C1, bidirectional overrides) is written as a JSON escape, `\u001b`.
  public static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where ValuePrinter.isEscaped(scalar):
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

extension JSONForm: Codable {
  private struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  public init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: Key.self) {
      // Keys come back in the order they print: sorted, as the shell writes objects of dictionaries.
      self = .object(try object.allKeys.map(\.stringValue).sorted().map { ($0, try object.decode(JSONForm.self, forKey: Key(stringValue: $0))) })
      return
    }
    if var array = try? decoder.unkeyedContainer() {
      var elements: [JSONForm] = []
      while !array.isAtEnd { elements.append(try array.decode(JSONForm.self)) }
      self = .array(elements)
      return
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
    } else if let flag = try? single.decode(Bool.self) {
      self = .bool(flag)
    } else if let number = try? single.decode(Int.self) {
      self = .int(number)
    } else if let number = try? single.decode(Double.self) {
      self = .double(number)
    } else {
      self = .string(try single.decode(String.self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .object(let members):
      var object = encoder.container(keyedBy: Key.self)
      for member in members { try object.encode(member.value, forKey: Key(stringValue: member.key)) }
    case .array(let elements):
      var array = encoder.unkeyedContainer()
      for element in elements { try array.encode(element) }
    case .null:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    case .bool(let flag):
      var single = encoder.singleValueContainer()
      try single.encode(flag)
    case .int(let number):
      var single = encoder.singleValueContainer()
      try single.encode(number)
    case .double(let number):
      var single = encoder.singleValueContainer()
      try single.encode(number)
    case .string(let text):
      var single = encoder.singleValueContainer()
      try single.encode(text)
    }
  }
}
