extension JSONSchema {
  /// The schema as JSON, indented by `indent` levels of two spaces.
  package func json(indent: Int = 0) -> String {
    let pad = String(repeating: "  ", count: indent + 1)
    let close = String(repeating: "  ", count: indent)
    func object(_ members: [(String, String)]) -> String {
      "{\n" + members.map { "\(pad)\(Self.quoted($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n\(close)}"
    }
    switch self {
    case .string: return #"{"type": "string"}"#
    case .integer: return #"{"type": "integer"}"#
    case .number: return #"{"type": "number"}"#
    case .boolean: return #"{"type": "boolean"}"#
    case .constant(let value): return #"{"const": \#(Self.quoted(value))}"#
    case .array(let element): return object([("type", #""array""#), ("items", element.json(indent: indent + 1))])
    case .object(let members):
      let properties = members.isEmpty
        ? "{}"
        : "{\n" + members.map { "\(pad)  \(Self.quoted($0.name)): \($0.schema.json(indent: indent + 2))" }.joined(separator: ",\n") + "\n\(pad)}"
      let required = "[" + members.filter(\.isRequired).map { Self.quoted($0.name) }.joined(separator: ", ") + "]"
      return object([("type", #""object""#), ("properties", properties), ("required", required), ("additionalProperties", "false")])
    case .oneOf(let choices):
      return object([("oneOf", "[\n" + choices.map { "\(pad)  " + $0.json(indent: indent + 2) }.joined(separator: ",\n") + "\n\(pad)]")])
    case .nullable(let schema):
      return object([("oneOf", "[\(schema.json(indent: indent + 1)), {\"type\": \"null\"}]")])
    case .reference(let name): return "{\"$ref\": \"#/$defs/" + name + "\"}"
    case .any: return "{}"
    }
  }

  /// A JSON string literal.
  static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
}
