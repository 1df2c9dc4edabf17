import StateValues

extension JSONSchema {
  /// Where `value` does not fit this schema, as `path: reason`; nil when it fits. References are
  /// looked up in `definitions`.
  package func violation(of value: JSONForm, definitions: [String: JSONSchema], at path: String = "$") -> String? {
    switch (self, value) {
    case (.any, _):
      return nil
    case (.string, .string), (.number, .int), (.number, .double), (.integer, .int), (.boolean, .bool):
      return nil
    case (.integer, .double(let number)):
      return number.rounded() == number ? nil : "\(path): \(number) is not an integer"
    case (.constant(let expected), .string(let text)):
      return text == expected ? nil : "\(path): \"\(text)\" is not \"\(expected)\""
    case (.array(let element), .array(let elements)):
      return elements.enumerated().lazy.compactMap { element.violation(of: $1, definitions: definitions, at: "\(path)[\($0)]") }.first
    case (.object(let members), .object(let object)):
      if let extra = object.map(\.key).sorted().first(where: { key in !members.contains { $0.name == key } }) {
        return "\(path): \(extra) is not a member of this object"
      }
      for member in members {
        guard let present = object.first(where: { $0.key == member.name })?.value else {
          if member.isRequired { return "\(path): \(member.name) is missing" }
          continue
        }
        if let violation = member.schema.violation(of: present, definitions: definitions, at: "\(path).\(member.name)") { return violation }
      }
      return nil
    case (.oneOf(let choices), _):
      let fitting = choices.filter { $0.violation(of: value, definitions: definitions, at: path) == nil }.count
      return fitting == 1 ? nil : "\(path): fits \(fitting) of the \(choices.count) choices, not exactly one"
    case (.nullable, .null):
      return nil
    case (.nullable(let schema), _):
      return schema.violation(of: value, definitions: definitions, at: path)
    case (.reference(let name), _):
      guard let definition = definitions[name] else { return "\(path): no definition \(name)" }
      return definition.violation(of: value, definitions: definitions, at: path)
    default:
      return "\(path): \(value.text) is not \(self)"
    }
  }
}
