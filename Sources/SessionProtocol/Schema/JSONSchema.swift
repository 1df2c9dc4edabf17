/// A JSON Schema (a subset of draft 2020-12): the shapes the attach protocol's messages take,
/// declared beside each message type (`ProtocolSchema`) with the member names its `Codable`
/// conformance writes, printed as `Documentation/protocol.schema.json`, and checked against
/// encoded messages (`validate`).
package indirect enum JSONSchema: Sendable, Equatable {
  case string
  case integer
  case number
  case boolean
  /// Exactly this string: the name of a message's kind.
  case constant(String)
  case array(JSONSchema)
  /// An object with these members, in order; the required ones must be there, and no other
  /// member may be.
  case object([Member])
  /// Exactly one of these.
  case oneOf([JSONSchema])
  /// This, or null.
  case nullable(JSONSchema)
  /// The definition named so in the document's `$defs`.
  case reference(String)
  /// Any JSON value: a domain's value as JSON, whose shape is the app's.
  case any

  /// One member of an object.
  package struct Member: Sendable, Equatable {
    package let name: String
    package let schema: JSONSchema
    package let isRequired: Bool

    /// A member; required unless said otherwise.
    package init(_ name: String, _ schema: JSONSchema, required isRequired: Bool = true) {
      self.name = name
      self.schema = schema
      self.isRequired = isRequired
    }
  }
}

/// A type whose JSON the schema declares.
package protocol ProtocolSchema {
  /// The schema of the type's JSON.
  static var schema: JSONSchema { get }
  /// The name of its definition in `$defs`.
  static var schemaName: String { get }
}

extension ProtocolSchema {
  package static var schemaName: String { String(describing: Self.self) }

  /// A reference to the type's definition.
  package static var reference: JSONSchema { .reference(schemaName) }
}
