import MCP
import StateValues

extension MCP.Value {
  /// A value's JSON form as MCP's JSON value.
  init(_ form: JSONForm) {
    switch form {
    case .null: self = .null
    case .bool(let flag): self = .bool(flag)
    case .int(let number): self = .int(number)
    case .double(let number): self = .double(number)
    case .string(let text): self = .string(text)
    case .array(let elements): self = .array(elements.map(MCP.Value.init))
    case .object(let members):
      self = .object(Dictionary(members.map { ($0.key, MCP.Value($0.value)) }, uniquingKeysWith: { first, _ in first }))
    }
  }
}
