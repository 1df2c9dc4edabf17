import Foundation
import MCP

/// What a line of input is, as far as answering every request once, in order, needs to know.
/// Ids are the SDK's own `ID`s, read with the SDK's own decoding, so the reply the server sends
/// is recognised as the answer to the request it answers.
///
/// Ids, as JSON-RPC 2.0 allows them (a string, a number or null) and MCP narrows them (a string
/// or an integer, never null):
/// - a string, of any length, or an integer from -2^63 to 2^63-1 written as one (`7`, `-3`) is
///   served;
/// - any other number (`1.5`, `1.0`, `1e3`, `10000000000000000000`) is a valid JSON-RPC id MCP
///   does not allow or the SDK cannot hold: refused with -32600 and answered with that very id
///   (its exact text), so the client knows which request it was;
/// - `null` (MCP forbids it), `true`, `false`, an object or an array is not an id: refused with
///   -32600 and `"id": null`.
enum MessageKind: Equatable {
  /// A request the server answers: handed over in turn.
  case request(id: ID)
  /// `notifications/cancelled` for the request `id`: passes at once.
  case cancellation(of: ID)
  /// Any other notification, or a response: passes at once and is not answered.
  case other
  /// Answered by the transport itself, in turn, and never handed to the server.
  case refused(ProtocolRefusal)
  /// An empty line, or only spaces: skipped.
  case blank

  init(_ data: Data) {
    if data.allSatisfy(TopLevelMembers.isSpace) {
      self = .blank
      return
    }
    // Foundation's decoder lets bytes that are not UTF-8 through inside strings: JSON text is UTF-8.
    guard String(validating: data, as: UTF8.self) != nil else {
      self = .refused(.notUTF8)
      return
    }
    guard Self.read(JSONDocument.self, from: data) != nil else {
      self = .refused(.notJSON)
      return
    }
    // JSON, so its first byte past the spaces says what it is.
    if data.first(where: { !TopLevelMembers.isSpace($0) }) == UInt8(ascii: "[") {
      self = .refused(Self.invalid("batches are not served (MCP 2025-06-18 has none): send one message a line"))
      return
    }
    guard let members = TopLevelMembers(data) else {
      self = .refused(Self.invalid("a message is a JSON object"))
      return
    }
    let hasMethod = members.texts["method"] != nil
    guard let idText = members.texts["id"] else {
      guard hasMethod, let notification = Self.read(Message<LooseNotification>.self, from: data) else {
        self = .refused(Self.invalid(#"a notification has "jsonrpc": "2.0" and a string "method", a request an "id" too"#))
        return
      }
      if notification.method == CancelledNotification.name,
        let cancelled = Self.read(Message<CancelledNotification>.self, from: data),
        let id = cancelled.params.requestId
      {
        self = .cancellation(of: id)
      } else {
        self = .other
      }
      return
    }
    switch Self.readID(idText) {
    case .absent(let reason):
      self = .refused(Self.invalid(reason))
    case .unusable(let reason):
      self = .refused(Self.invalid(reason, idText: idText))
    case .usable:
      let request = Self.read(Request<LooseMethod>.self, from: data)
      let response = Self.read(Response<LooseMethod>.self, from: data)
      if hasMethod, let request, response == nil {
        if let shape = Self.parameterShapes[request.method], !shape.fits(data) {
          self = .refused(ProtocolRefusal(code: ProtocolRefusal.invalidParamsCode, message: "Invalid params: " + shape.expected, idText: idText))
        } else {
          self = .request(id: request.id)
        }
      } else if !hasMethod, response != nil {
        self = .other
      } else {
        self = .refused(Self.invalid(
          #"a request has "jsonrpc": "2.0", an "id", a string "method" and an object "params" if any; a response a "result" or an "error" and no "method""#,
          idText: idText))
      }
    }
  }

  /// What the parameters of a method this server serves must be, checked here: the SDK's server
  /// would answer parameters it cannot decode as its own fault (-32603), not the client's.
  private struct ParameterShape: Sendable {
    let fits: @Sendable (Data) -> Bool
    let expected: String
  }

  private static let parameterShapes: [String: ParameterShape] = [
    CallTool.name: ParameterShape(
      fits: { read(Request<CallTool>.self, from: $0) != nil },
      expected: #"`tools/call` takes "params": {"name": a tool's name as a string, "arguments": an object of its arguments}"#),
    ReadResource.name: ParameterShape(
      fits: { read(Request<ReadResource>.self, from: $0) != nil },
      expected: #"`resources/read` takes "params": {"uri": a resource's URI as a string}"#),
  ]

  /// `data` read as a `Message`, or nil when it is not one: sorting a line is trying each shape.
  /// The MCP server's one decoding probe: every "is this line of that shape" asks it.
  static func read<Message: Decodable>(_ type: Message.Type, from data: Data) -> Message? {
    try? JSONDecoder().decode(type, from: data)
  }

  /// The id of a response the server sends (a message with an id and no method); nil for anything else.
  static func responseID(of data: Data) -> ID? {
    guard let outgoing = Self.read(Outgoing.self, from: data), outgoing.method == nil else { return nil }
    return outgoing.id
  }

  /// The id of a request as the SDK's server reads it; nil when it has none it can read.
  static func requestID(of data: Data) -> ID? {
    Self.read(RequestID.self, from: data)?.id
  }

  /// What an id's text is to this server.
  private enum IDReading {
    case usable
    /// A valid JSON-RPC id this server does not serve; it is echoed in the refusal.
    case unusable(String)
    /// Not an id at all; the refusal says `null`.
    case absent(String)
  }

  private static func readID(_ text: Data) -> IDReading {
    let shown = String(decoding: text.prefix(40), as: UTF8.self) + (text.count > 40 ? "…" : "")
    switch text.first {
    case UInt8(ascii: "\""):
      return .usable
    case UInt8(ascii: "n"):
      return .absent("an MCP request's id is a string or an integer, never null")
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "{"), UInt8(ascii: "["):
      return .absent("an id is a string or a number, not \(shown)")
    default:
      let digits = text.first == UInt8(ascii: "-") ? text.dropFirst() : text[...]
      let isInteger = !digits.isEmpty && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
      guard isInteger, Int(String(decoding: text, as: UTF8.self)) != nil else {
        return .unusable(
          "the id \(shown) is a number MCP does not allow or this server cannot hold: "
            + "ids are strings or integers from -2^63 to 2^63-1 written without a fraction or exponent; send it as a string")
      }
      return .usable
    }
  }

  private static func invalid(_ reason: String, idText: Data = Data("null".utf8)) -> ProtocolRefusal {
    ProtocolRefusal(code: ProtocolRefusal.invalidRequestCode, message: "Invalid Request: " + reason, idText: idText)
  }
}

/// Any method, any parameters: a request read as the SDK's server reads it before it picks the handler.
private enum LooseMethod: MCP.Method {
  static let name = ""
  typealias Parameters = MCP.Value
  typealias Result = MCP.Value
}

/// Any notification, read as the SDK's server reads it.
private struct LooseNotification: MCP.Notification {
  static let name = ""
  typealias Parameters = MCP.Value
}

/// The id of a request, nothing else.
private struct RequestID: Decodable {
  let id: ID
}

/// The id and method of a message the server sends; a `null` id is no id.
private struct Outgoing: Decodable {
  let id: ID?
  let method: String?

  enum CodingKeys: String, CodingKey {
    case id, method
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    // Missing, null and not an id alike: a message without an id of its own.
    id = try? container.decodeIfPresent(ID.self, forKey: .id)
    method = try? container.decode(String.self, forKey: .method)
  }
}

/// Any JSON document, nothing read from it: decoding it checks that the whole line is JSON, as
/// the decoder reads the whole document first.
private struct JSONDocument: Decodable {
  init(from decoder: any Decoder) {}
}
