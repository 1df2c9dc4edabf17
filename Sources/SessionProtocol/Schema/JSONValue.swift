/// Any JSON value, decoded: what `JSONSchema.validate` checks an encoded message as.
package enum JSONValue: Decodable, Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  package init(from decoder: any Decoder) throws {
    if var elements = try? decoder.unkeyedContainer() {
      var array: [JSONValue] = []
      while !elements.isAtEnd { array.append(try elements.decode(JSONValue.self)) }
      self = .array(array)
    } else if let members = try? decoder.container(keyedBy: AnyKey.self) {
      var object: [String: JSONValue] = [:]
      for key in members.allKeys { object[key.stringValue] = try members.decode(JSONValue.self, forKey: key) }
      self = .object(object)
    } else {
      let value = try decoder.singleValueContainer()
      if value.decodeNil() {
        self = .null
      } else if let bool = try? value.decode(Bool.self) {
        self = .bool(bool)
      } else if let number = try? value.decode(Double.self) {
        self = .number(number)
      } else {
        self = .string(try value.decode(String.self))
      }
    }
  }

  private struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
