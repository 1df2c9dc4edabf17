import ReplShellFoundation

/// A value of the EDN subset Jepsen writes in a history: `nil`, booleans, integers, floats,
/// strings, keywords, symbols, vectors (and lists and sets, read as vectors) and maps.
public enum EDNValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case integer(Int)
  case float(Double)
  case string(String)
  /// `:read` is `.keyword("read")`.
  case keyword(String)
  /// A bare word other than `nil`, `true` and `false`.
  case symbol(String)
  case vector([EDNValue])
  /// The pairs in the order written; keys are unique.
  case map([(key: EDNValue, value: EDNValue)])

  public static func == (lhs: EDNValue, rhs: EDNValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.float(let a), .float(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.keyword(let a), .keyword(let b)): a == b
    case (.symbol(let a), .symbol(let b)): a == b
    case (.vector(let a), .vector(let b)): a == b
    case (.map(let a), .map(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value): hasher.combine(value)
    case .integer(let value): hasher.combine(value)
    case .float(let value): hasher.combine(value)
    case .string(let value): hasher.combine(value)
    case .keyword(let value): hasher.combine(1); hasher.combine(value)
    case .symbol(let value): hasher.combine(2); hasher.combine(value)
    case .vector(let values): hasher.combine(values)
    case .map(let pairs):
      hasher.combine(pairs.count)
      for pair in pairs {
        hasher.combine(pair.key)
        hasher.combine(pair.value)
      }
    }
  }
}

extension EDNValue {
  /// The value under `key` (a keyword's name) in a map; nil for other values or a missing key.
  public subscript(key: String) -> EDNValue? {
    guard case .map(let pairs) = self else { return nil }
    return pairs.first { $0.key == .keyword(key) || $0.key == .string(key) }?.value
  }

  /// The name of a keyword, symbol or string: `:read`, `read` and `"read"` all name `read`.
  public var name: String? {
    switch self {
    case .keyword(let name), .symbol(let name), .string(let name): name
    default: nil
    }
  }

  /// The integer, or nil for any other value.
  public var integer: Int? {
    if case .integer(let value) = self { value } else { nil }
  }

  /// The elements of a vector, or nil for any other value.
  public var elements: [EDNValue]? {
    if case .vector(let values) = self { values } else { nil }
  }
}

extension EDNValue: CustomStringConvertible {
  /// The value written as EDN: `{:f :read, :value [1 2]}`.
  public var description: String {
    switch self {
    case .null: "nil"
    case .bool(let value): value ? "true" : "false"
    case .integer(let value): String(value)
    case .float(let value): String(value)
    case .string(let value): Self.quoted(value)
    case .keyword(let name): ":" + ControlCharacters.escaped(name, onOneLine: true)
    case .symbol(let name): ControlCharacters.escaped(name, onOneLine: true)
    case .vector(let values): "[" + values.map(\.description).joined(separator: " ") + "]"
    case .map(let pairs): "{" + pairs.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + "}"
    }
  }

  /// `text` in double quotes with `"` and `\` escaped, line breaks and tabs as EDN writes them
  /// (`\n`, `\t`, `\r`), and every other control character as the shell escapes it (`\u{1B}`).
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return ControlCharacters.escaped(result, onOneLine: true) + "\""
  }
}
