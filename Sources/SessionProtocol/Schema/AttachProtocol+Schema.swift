// The schema of every message of the attach protocol and of the inspector's page, declared with
// the member names each type's `Codable` conformance writes. `ProtocolSchemaTests` encodes a
// message of every kind and checks it against these, and keeps `Documentation/protocol.schema.json`
// equal to `AttachProtocol.schemaDocument`.

/// Shorthands for declaring members.
private func member(_ name: String, _ schema: JSONSchema) -> JSONSchema.Member { .init(name, schema) }
private func optional(_ name: String, _ schema: JSONSchema) -> JSONSchema.Member { .init(name, schema, required: false) }
/// An object whose `key` names its kind.
private func kinded(_ key: String, _ value: String, _ members: JSONSchema.Member...) -> JSONSchema {
  .object([member(key, .constant(value))] + members)
}

extension AttachProtocol {
  /// Every definition, by name.
  package static let schemaDefinitions: [(name: String, schema: JSONSchema)] = [
    ShellRequest.self, InspectionCall.self, InspectorRequest.self, AppMessage.self, AppHello.self, LineDone.self,
    CompletionAnswer.self, RelayedEvent.self, InspectionAnswer.self, SessionEvent.self, InspectorReply.Hello.self,
    InspectorReply.History.self, InspectorReply.Ran.self, InspectorReply.Node.self, InspectorReply.Children.self,
    InspectorReply.Found.self, InspectorReply.ChangedBy.self, InspectorReply.Failed.self,
  ].map { (type: any ProtocolSchema.Type) in (type.schemaName, type.schema) }

  /// The JSON Schema document of the protocol: a frame's body is a shell's request, an app's
  /// message, or (over the inspector's WebSocket) a page's request or the inspector's reply.
  package static var schemaDocument: String {
    let top: [any ProtocolSchema.Type] = [
      ShellRequest.self, AppMessage.self, InspectorRequest.self, InspectorReply.Hello.self, InspectorReply.History.self,
      InspectorReply.Ran.self, InspectorReply.Children.self, InspectorReply.Found.self, InspectorReply.ChangedBy.self, InspectorReply.Failed.self,
      SessionEvent.self,
    ]
    let choices = top.map { "    " + $0.reference.json() }.joined(separator: ",\n")
    let definitions = schemaDefinitions.map { "    \(JSONSchema.quoted($0.name)): \($0.schema.json(indent: 2))" }.joined(separator: ",\n")
    return """
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "replshell attach protocol \(version)",
        "description": "The body of one frame (a 4-byte big-endian length, then this JSON) on an attach socket, or one WebSocket message of the inspector's page. Generated from the Swift types; see Documentation/Protocol.md.",
        "anyOf": [
      \(choices)
        ],
        "$defs": {
      \(definitions)
        }
      }

      """
  }
}

extension ShellRequest: ProtocolSchema {
  package static var schema: JSONSchema {
    .oneOf([
      kinded("request", "hello", member("protocol", .integer)),
      kinded("request", "line", member("line", .string), optional("location", .string)),
      kinded("request", "complete", member("text", .string)),
      kinded("request", "untail"),
      kinded("request", "inspect", member("id", .integer), member("call", InspectionCall.reference)),
    ])
  }
}

extension InspectionCall: ProtocolSchema {
  package static var schema: JSONSchema {
    .oneOf([
      kinded("op", "link"), kinded("op", "follow", member("key", .string)), kinded("op", "history"),
      kinded("op", "page", member("request", InspectorRequest.reference)),
    ])
  }
}

extension InspectorRequest: ProtocolSchema {
  package static var schema: JSONSchema {
    .object([
      member("id", .integer), member("op", .oneOf([.constant("run"), .constant("children"), .constant("search"), .constant("why")])),
      optional("line", .string), optional("path", .array(.string)), optional("offset", .integer), optional("limit", .integer),
      optional("reveal", .string), optional("query", .string), optional("field", .string),
    ])
  }
}

extension AppMessage: ProtocolSchema {
  package static var schema: JSONSchema {
    .oneOf([
      kinded(
        "event", "hello", optional("protocol", .integer), member("app", .string), member("domain", .string), member("pid", .integer),
        member("writes", .boolean), member("started", .number)),
      kinded("event", "refused", member("message", .string)),
      kinded("event", "done", member("succeeded", .boolean), member("quit", .boolean), member("prompt", .string), member("tailing", .boolean)),
      kinded(
        "event", "completions", member("replaced", .integer), member("candidates", .array(.object([member("text", .string), member("word", .boolean)]))),
        optional("refused", .string)),
      kinded("event", "bye"),
      SessionEvent.reference,
      kinded("event", "inspection", member("id", .integer), member("answer", InspectionAnswer.reference)),
      kinded("event", "inspected", member("relayed", SessionEvent.reference), optional("entry", .integer), member("moves", .boolean), member("app", .boolean)),
    ])
  }
}

extension AppHello: ProtocolSchema {
  package static var schema: JSONSchema {
    .object([
      optional("protocol", .integer), member("app", .string), member("domain", .string), member("pid", .integer), member("writes", .boolean),
      member("started", .number),
    ])
  }
}

extension LineDone: ProtocolSchema {
  package static var schema: JSONSchema {
    .object([member("succeeded", .boolean), member("quit", .boolean), member("prompt", .string), member("tailing", .boolean)])
  }
}

extension CompletionAnswer: ProtocolSchema {
  package static var schema: JSONSchema {
    .object([
      member("replaced", .integer), member("candidates", .array(.object([member("text", .string), member("word", .boolean)]))), optional("refused", .string),
    ])
  }
}

extension RelayedEvent: ProtocolSchema {
  package static var schema: JSONSchema {
    .object([member("relayed", SessionEvent.reference), optional("entry", .integer), member("moves", .boolean), member("app", .boolean)])
  }
}

extension InspectionAnswer: ProtocolSchema {
  package static var schema: JSONSchema {
    .oneOf([
      kinded("kind", "linked", member("key", .string)),
      kinded("kind", "following", member("domain", .string)),
      kinded("kind", "history", member("reply", InspectorReply.History.reference)),
      kinded("kind", "ran", member("reply", InspectorReply.Ran.reference), member("prompt", .string), member("events", .array(SessionEvent.reference))),
      kinded("kind", "children", member("reply", InspectorReply.Children.reference)),
      kinded("kind", "found", member("reply", InspectorReply.Found.reference)),
      kinded("kind", "changedBy", member("reply", InspectorReply.ChangedBy.reference)),
      kinded("kind", "failed", member("message", .string)),
    ])
  }
}

extension SessionEvent: ProtocolSchema {
  package static var schema: JSONSchema {
    let text = JSONSchema.nullable(.string)
    return .oneOf([
      kinded("event", "command", member("line", .string), member("domain", text), member("location", text)),
      kinded("event", "comment", member("text", .string)),
      kinded(
        "event", "dispatched", member("action", .string),
        member("origin", .oneOf(DispatchEvent.Origin.allCases.map { .constant($0.rawValue) })), member("diff", .nullable(.array(.string))),
        member("rejection", text), member("hidden", .boolean), member("diffKinds", .nullable(.array(.string))),
        optional("id", .nullable(.integer)),
        optional(
          "cause",
          .nullable(
            .oneOf([
              .object([member("line", .integer)]), .object([member("location", .string)]), .object([member("entry", .integer)]),
            ])))),
      kinded(
        "event", "log", member("category", .oneOf(DebugCategory.allCases.map { .constant($0.rawValue) })),
        member("level", .oneOf(LogLine.Level.allCases.map { .constant($0.rawValue) })), member("text", .string)),
      kinded("event", "watch", member("selector", .string), member("value", text), member("error", text), optional("json", .any)),
      kinded("event", "invariant", member("name", .string), member("holds", .boolean), member("message", text)),
      kinded(
        "event", "break", member("number", .integer), member("predicate", .string), member("action", .string),
        member("origin", .oneOf(DispatchEvent.Origin.allCases.map { .constant($0.rawValue) })), member("entry", .nullable(.integer)),
        member("location", text), member("value", text), optional("chain", .array(.string))),
      kinded("event", "snapshot", member("domain", .string), member("entry", .integer), member("state", .any)),
      kinded("event", "settled", member("requested", .boolean)),
      kinded("event", "note", member("text", .string)),
      kinded("event", "output", member("lines", .array(.object([member("kind", .string), member("text", .string)]))), optional("value", .any)),
      kinded(
        "event", "report", member("tool", .oneOf(ReportEvent.Tool.allCases.map { .constant($0.rawValue) })),
        member("lines", .array(.object([member("kind", .string), member("text", .string)]))), member("value", .any)),
      kinded("event", "error", member("message", .string), member("location", text), member("column", .nullable(.integer))),
    ])
  }
}

extension InspectorReply.Hello: ProtocolSchema {
  package static var schemaName: String { "InspectorReply.Hello" }
  package static var schema: JSONSchema {
    kinded(
      "type", "hello", optional("domain", .string), member("limit", .integer), member("dropped", .integer),
      optional("history", InspectorReply.History.reference))
  }
}

extension InspectorReply.History: ProtocolSchema {
  package static var schemaName: String { "InspectorReply.History" }
  package static var schema: JSONSchema {
    kinded(
      "type", "history", member("count", .integer), member("position", .integer), optional("domain", .string), optional("liveness", .string),
      optional("revision", .integer), optional("exampleAction", .string), optional("exampleSelector", .string))
  }
}

extension InspectorReply.Ran: ProtocolSchema {
  package static var schemaName: String { "InspectorReply.Ran" }
  package static var schema: JSONSchema {
    kinded("type", "ran", member("id", .integer), member("line", .string), member("succeeded", .boolean))
  }
}

extension InspectorReply.Node: ProtocolSchema {
  package static var schemaName: String { "InspectorReply.Node" }
  package static var schema: JSONSchema {
    .object([member("name", .string), member("label", .string), member("summary", .string), member("count", .integer), optional("path", .string)])
  }
}

extension InspectorReply.Children: ProtocolSchema {
  package static var schemaName: String { "InspectorReply.Children" }
  package static var schema: JSONSchema {
    kinded(
      "type", "children", member("id", .integer), member("path", .array(.string)), member("offset", .integer), member("total", .integer),
      member("nodes", .array(InspectorReply.Node.reference)))
  }
}

extension InspectorReply.Found: ProtocolSchema {
  package static var schemaName: String { "InspectorReply.Found" }
  package static var schema: JSONSchema {
    kinded(
      "type", "found", member("id", .integer), member("query", .string), member("field", .string), member("paths", .array(.array(.string))), optional("texts", .array(.string)),
      member("truncated", .boolean))
  }
}

extension InspectorReply.ChangedBy: ProtocolSchema {
  package static var schemaName: String { "InspectorReply.ChangedBy" }
  package static var schema: JSONSchema {
    kinded(
      "type", "changedBy", member("id", .integer), member("path", .array(.string)), optional("entry", .integer),
      optional("action", .string))
  }
}

extension InspectorReply.Failed: ProtocolSchema {
  package static var schemaName: String { "InspectorReply.Failed" }
  package static var schema: JSONSchema {
    kinded("type", "failed", member("id", .integer), member("message", .string))
  }
}
