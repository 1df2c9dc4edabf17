/// What an app sends a shell attached to it, one frame each: its hello, the events of the shell's
/// lines and the line's end, completions, the app's own actions while the shell tails, the
/// answers to its inspector, and its goodbye.
public enum AppMessage: Sendable, Equatable {
  /// The app's first message: who it is and the protocol version it speaks.
  case hello(AppHello)
  /// The app will not serve this shell, and why.
  case refused(String)
  /// A line (or the attachment itself) finished.
  case done(LineDone)
  /// The completions of a line.
  case completions(CompletionAnswer)
  /// The app closed its attachment.
  case bye
  /// One event of the shell's session, or of the app's own actions while it tails.
  case event(SessionEvent)
  /// The answer to the inspector's request `id`.
  case inspection(id: Int, InspectionAnswer)
  /// An event relayed to an inspector that follows a shell's session.
  case inspected(RelayedEvent)
}

/// What an app says of itself when a shell connects.
public struct AppHello: Codable, Sendable, Equatable {
  /// The protocol version it speaks; nil for an app that announces none (version 1).
  public var protocolVersion: Int?
  /// The app's name.
  public var app: String
  /// The domain its attachment drives.
  public var domain: String
  /// Its process.
  public var pid: Int
  /// Whether shells may dispatch into its live store.
  public var writes: Bool
  /// When the attachment opened, in seconds since 1970.
  public var started: Double

  /// An app's hello, in this build's protocol version.
  public init(app: String, domain: String, pid: Int, writes: Bool, started: Double, protocolVersion: Int? = AttachProtocol.version) {
    self.protocolVersion = protocolVersion
    self.app = app
    self.domain = domain
    self.pid = pid
    self.writes = writes
    self.started = started
  }

  private enum CodingKeys: String, CodingKey {
    case protocolVersion = "protocol", app, domain, pid, writes, started
  }
}

/// The end of a line: whether it succeeded, whether it quit, the prompt now, and whether the
/// app now relays its actions (`tail`).
public struct LineDone: Codable, Sendable, Equatable {
  public var succeeded: Bool
  public var quit: Bool
  public var prompt: String
  public var tailing: Bool

  /// Describes a line's end.
  public init(succeeded: Bool, quit: Bool, prompt: String, tailing: Bool) {
    self.succeeded = succeeded
    self.quit = quit
    self.prompt = prompt
    self.tailing = tailing
  }
}

/// The completions of a line: the candidates, and how many characters before the cursor they
/// replace; or why the app gave up on them.
public struct CompletionAnswer: Codable, Sendable, Equatable {
  /// One candidate; only whole words get a space after them.
  public struct Candidate: Codable, Sendable, Equatable {
    public var text: String
    public var word: Bool

    /// A candidate.
    public init(text: String, word: Bool) {
      self.text = text
      self.word = word
    }
  }

  public var replaced: Int
  public var candidates: [Candidate]
  /// Why the app gave up completing the line, and what to do instead (it ran past its time
  /// budget); then there are no candidates. Absent otherwise, and from apps before it was added,
  /// which a shell reads as before: a peer that does not know the member ignores it.
  public var refused: String?

  /// Describes completions; `refused` says why there are none.
  public init(replaced: Int, candidates: [Candidate], refused: String? = nil) {
    self.replaced = replaced
    self.candidates = candidates
    self.refused = refused
  }
}

/// An event relayed to a following inspector, cut short as the page shows it.
public struct RelayedEvent: Codable, Sendable, Equatable {
  public var event: SessionEvent
  /// The history entry it made, if any.
  public var entry: Int?
  /// Whether it may move the history or change the state.
  public var moves: Bool
  /// Whether it is one of the app's own actions (not the shell's).
  public var app: Bool

  /// Describes a relayed event.
  public init(event: SessionEvent, entry: Int?, moves: Bool, app: Bool) {
    self.event = event
    self.entry = entry
    self.moves = moves
    self.app = app
  }

  private enum CodingKeys: String, CodingKey {
    // Not `event`: the message that carries it names its kind there.
    case event = "relayed", entry, moves, app
  }
}

/// The app's answer to one of an attached inspector's requests.
public enum InspectionAnswer: Sendable, Equatable {
  /// The key the inspector's connection follows this shell's session with.
  case linked(key: String)
  /// The connection now follows the session, of this domain.
  case following(domain: String)
  /// Where the session's history is.
  case history(InspectorReply.History)
  /// A line the page sent ran: the page's reply, and for the terminal the line's events and
  /// the prompt after it.
  case ran(InspectorReply.Ran, prompt: String, events: [SessionEvent])
  /// A page of a state path's children.
  case children(InspectorReply.Children)
  /// What a search found.
  case found(InspectorReply.Found)
  /// The entry that last changed a state path.
  case changedBy(InspectorReply.ChangedBy)
  /// The request could not be answered, and why.
  case failed(String)
}

extension AppMessage: Codable {
  private enum Member: String, CodingKey {
    case event, message, id, answer
  }

  public init(from decoder: any Decoder) throws {
    let object = try decoder.container(keyedBy: Member.self)
    switch try object.decode(String.self, forKey: .event) {
    case "hello": self = .hello(try AppHello(from: decoder))
    case "refused": self = .refused(try object.decode(String.self, forKey: .message))
    case "done": self = .done(try LineDone(from: decoder))
    case "completions": self = .completions(try CompletionAnswer(from: decoder))
    case "bye": self = .bye
    case "inspection": self = .inspection(id: try object.decode(Int.self, forKey: .id), try object.decode(InspectionAnswer.self, forKey: .answer))
    case "inspected": self = .inspected(try RelayedEvent(from: decoder))
    default: self = .event(try SessionEvent(from: decoder))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var object = encoder.container(keyedBy: Member.self)
    switch self {
    case .hello(let hello):
      try object.encode("hello", forKey: .event)
      try hello.encode(to: encoder)
    case .refused(let message):
      try object.encode("refused", forKey: .event)
      try object.encode(message, forKey: .message)
    case .done(let done):
      try object.encode("done", forKey: .event)
      try done.encode(to: encoder)
    case .completions(let completions):
      try object.encode("completions", forKey: .event)
      try completions.encode(to: encoder)
    case .bye:
      try object.encode("bye", forKey: .event)
    case .event(let event):
      try event.encode(to: encoder)
    case .inspection(let id, let answer):
      try object.encode("inspection", forKey: .event)
      try object.encode(id, forKey: .id)
      try object.encode(answer, forKey: .answer)
    case .inspected(let relayed):
      try object.encode("inspected", forKey: .event)
      try relayed.encode(to: encoder)
    }
  }
}

extension InspectionAnswer: Codable {
  private enum Member: String, CodingKey {
    case kind, key, domain, reply, prompt, events, message
  }

  public init(from decoder: any Decoder) throws {
    let object = try decoder.container(keyedBy: Member.self)
    let kind = try object.decode(String.self, forKey: .kind)
    switch kind {
    case "linked": self = .linked(key: try object.decode(String.self, forKey: .key))
    case "following": self = .following(domain: try object.decode(String.self, forKey: .domain))
    case "history": self = .history(try object.decode(InspectorReply.History.self, forKey: .reply))
    case "ran":
      self = .ran(
        try object.decode(InspectorReply.Ran.self, forKey: .reply), prompt: try object.decode(String.self, forKey: .prompt),
        events: try object.decode([SessionEvent].self, forKey: .events))
    case "children": self = .children(try object.decode(InspectorReply.Children.self, forKey: .reply))
    case "found": self = .found(try object.decode(InspectorReply.Found.self, forKey: .reply))
    case "changedBy": self = .changedBy(try object.decode(InspectorReply.ChangedBy.self, forKey: .reply))
    case "failed": self = .failed(try object.decode(String.self, forKey: .message))
    default: throw DecodingError.dataCorruptedError(forKey: .kind, in: object, debugDescription: "no such answer: \(kind)")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var object = encoder.container(keyedBy: Member.self)
    switch self {
    case .linked(let key):
      try object.encode("linked", forKey: .kind)
      try object.encode(key, forKey: .key)
    case .following(let domain):
      try object.encode("following", forKey: .kind)
      try object.encode(domain, forKey: .domain)
    case .history(let history):
      try object.encode("history", forKey: .kind)
      try object.encode(history, forKey: .reply)
    case .ran(let ran, let prompt, let events):
      try object.encode("ran", forKey: .kind)
      try object.encode(ran, forKey: .reply)
      try object.encode(prompt, forKey: .prompt)
      try object.encode(events, forKey: .events)
    case .children(let children):
      try object.encode("children", forKey: .kind)
      try object.encode(children, forKey: .reply)
    case .found(let found):
      try object.encode("found", forKey: .kind)
      try object.encode(found, forKey: .reply)
    case .changedBy(let changedBy):
      try object.encode("changedBy", forKey: .kind)
      try object.encode(changedBy, forKey: .reply)
    case .failed(let message):
      try object.encode("failed", forKey: .kind)
      try object.encode(message, forKey: .message)
    }
  }
}
