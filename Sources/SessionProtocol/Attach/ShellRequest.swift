/// What a shell sends the app it is attached to, one frame each.
public enum ShellRequest: Sendable, Equatable {
  /// The shell's answer to the app's hello: the protocol version it speaks.
  case hello(protocolVersion: Int)
  /// A command line to run in the session the app keeps for this shell; `location` marks a
  /// line read from a pipe (`<stdin>:3`).
  case line(String, location: String?)
  /// The completions of a line typed up to the cursor.
  case complete(String)
  /// Stop following the app's actions (after `tail`).
  case untail
  /// A request of the shell's web inspector, answered with its `id` (`AppMessage.inspection`).
  case inspect(id: Int, InspectionCall)
}

/// What an attached shell's inspector asks of the app. The shell's own connection asks for a
/// `link` key; the inspector's second connection `follow`s the shell's session with it, then asks
/// about that session as a local inspector's page would (`InspectorRequest`).
public enum InspectionCall: Sendable, Equatable {
  /// A key for this connection's session, for the inspector's own connection to follow.
  case link
  /// Follow the session the key names: its events and the app's actions are relayed here.
  case follow(key: String)
  /// Where the followed session's history is.
  case history
  /// A page's request: run a line, list the children of a state path, search the state.
  case page(InspectorRequest)
}

extension ShellRequest: Codable {
  private enum Member: String, CodingKey {
    case request, protocolVersion = "protocol", line, location, text, id, call
  }

  public init(from decoder: any Decoder) throws {
    let object = try decoder.container(keyedBy: Member.self)
    let kind = try object.decode(String.self, forKey: .request)
    switch kind {
    case "hello": self = .hello(protocolVersion: try object.decode(Int.self, forKey: .protocolVersion))
    case "line": self = .line(try object.decode(String.self, forKey: .line), location: try object.decodeIfPresent(String.self, forKey: .location))
    case "complete": self = .complete(try object.decode(String.self, forKey: .text))
    case "untail": self = .untail
    case "inspect": self = .inspect(id: try object.decode(Int.self, forKey: .id), try object.decode(InspectionCall.self, forKey: .call))
    default: throw DecodingError.dataCorruptedError(forKey: .request, in: object, debugDescription: "no such request: \(kind)")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var object = encoder.container(keyedBy: Member.self)
    switch self {
    case .hello(let version):
      try object.encode("hello", forKey: .request)
      try object.encode(version, forKey: .protocolVersion)
    case .line(let line, let location):
      try object.encode("line", forKey: .request)
      try object.encode(line, forKey: .line)
      try object.encodeIfPresent(location, forKey: .location)
    case .complete(let text):
      try object.encode("complete", forKey: .request)
      try object.encode(text, forKey: .text)
    case .untail:
      try object.encode("untail", forKey: .request)
    case .inspect(let id, let call):
      try object.encode("inspect", forKey: .request)
      try object.encode(id, forKey: .id)
      try object.encode(call, forKey: .call)
    }
  }
}

extension InspectionCall: Codable {
  private enum Member: String, CodingKey {
    case op, key, request
  }

  public init(from decoder: any Decoder) throws {
    let object = try decoder.container(keyedBy: Member.self)
    let op = try object.decode(String.self, forKey: .op)
    switch op {
    case "link": self = .link
    case "follow": self = .follow(key: try object.decode(String.self, forKey: .key))
    case "history": self = .history
    case "page": self = .page(try object.decode(InspectorRequest.self, forKey: .request))
    default: throw DecodingError.dataCorruptedError(forKey: .op, in: object, debugDescription: "no such inspection call: \(op)")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var object = encoder.container(keyedBy: Member.self)
    switch self {
    case .link: try object.encode("link", forKey: .op)
    case .follow(let key):
      try object.encode("follow", forKey: .op)
      try object.encode(key, forKey: .key)
    case .history: try object.encode("history", forKey: .op)
    case .page(let request):
      try object.encode("page", forKey: .op)
      try object.encode(request, forKey: .request)
    }
  }
}
