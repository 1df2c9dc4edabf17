import Foundation
import SessionProtocol
import StateValues
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The attach protocol's JSON Schema and its Swift types kept in step: the committed schema is
/// the one the types declare, a message of every kind encodes to JSON that fits its schema and
/// decodes back to itself, and the schema does catch a message that does not fit.
@Suite struct ProtocolSchemaTests {
  static let schemaFile = ReplShellBinary.packageRoot.appendingPathComponent("Documentation/protocol.schema.json")
  static let definitions = Dictionary(uniqueKeysWithValues: AttachProtocol.schemaDefinitions.map { ($0.name, $0.schema) })

  @Test func theCommittedSchemaIsTheOneTheTypesDeclare() throws {
    let generated = AttachProtocol.schemaDocument
    if ProcessInfo.processInfo.environment["REPLSHELL_WRITE_SCHEMA"] == "1" {
      try generated.write(to: Self.schemaFile, atomically: true, encoding: .utf8)
    }
    let committed = try String(contentsOf: Self.schemaFile, encoding: .utf8)
    #expect(committed == generated, "regenerate it: REPLSHELL_WRITE_SCHEMA=1 swift test --filter ProtocolSchemaTests, and review the change")
    // The document is JSON.
    #expect(throws: Never.self) { try JSONDecoder().decode(JSONForm.self, from: Data(committed.utf8)) }
  }

  /// Where the docs name the version this revision speaks: the protocol page's `Version:`, the
  /// handshake's `"protocol":`, and the current side of each mismatch error they quote.
  static let versionPatterns = [#"(Version: \*\*)\d+(\*\*)"#, #"("protocol":)\d+()"#, #"(this shell speaks )\d+()"#, #"(this app speaks attach protocol )\d+()"#]

  /// `text` with every version it names for this revision set to `AttachProtocol.version`.
  static func withCurrentVersion(_ text: String) -> String {
    versionPatterns.reduce(text) { text, pattern in
      text.replacingOccurrences(of: pattern, with: "$1\(AttachProtocol.version)$2", options: .regularExpression)
    }
  }

  @Test func theDocsNameTheVersionTheCodeSpeaks() throws {
    for path in ["Documentation/Protocol.md", "Sources/ReplShell/ReplShell.docc/Attach.md"] {
      let file = ReplShellBinary.packageRoot.appendingPathComponent(path)
      let committed = try String(contentsOf: file, encoding: .utf8)
      let generated = Self.withCurrentVersion(committed)
      if ProcessInfo.processInfo.environment["REPLSHELL_WRITE_SCHEMA"] == "1", generated != committed {
        try generated.write(to: file, atomically: true, encoding: .utf8)
      }
      #expect(committed == generated, "\(path) names another attach protocol version than \(AttachProtocol.version): regenerate it with REPLSHELL_WRITE_SCHEMA=1 swift test --filter ProtocolSchemaTests")
      #expect(committed.contains("speaks \(AttachProtocol.version)") || committed.contains("protocol \(AttachProtocol.version)"), "\(path) names the version nowhere")
    }
  }

  @Test func everyShellRequestFitsItsSchemaAndComesBackTheSame() throws {
    #expect(Set(Self.shellRequests.map(Self.name)) == ["hello", "line", "complete", "untail", "inspect link", "inspect follow", "inspect history", "inspect page"])
    for request in Self.shellRequests { try Self.check(request, as: ShellRequest.self) }
  }

  @Test func everyAppMessageFitsItsSchemaAndComesBackTheSame() throws {
    #expect(Set(Self.appMessages.map(Self.name)) == ["hello", "refused", "done", "completions", "bye", "event", "inspection", "inspected"])
    #expect(Set(Self.answers.map(Self.name)) == ["linked", "following", "history", "ran", "children", "found", "changedBy", "failed"])
    #expect(Set(Self.events.map(\.kind)) == ["command", "comment", "dispatched", "log", "watch", "invariant", "break", "snapshot", "settled", "note", "output", "report", "error"])
    #expect(Set(Self.events.map(\.kind)) == SessionEvent.kinds)
    for message in Self.appMessages { try Self.check(message, as: AppMessage.self) }
  }

  /// `--format json` prints each event as its wire encoding: both fit the schema and read back the same.
  @Test func everyEventAsFormatJSONPrintsItFitsTheSchema() throws {
    for event in Self.events {
      let printed = try JSONDecoder().decode(JSONForm.self, from: Data(SessionEventJSON.line(for: event).utf8))
      #expect(SessionEvent.schema.violation(of: printed, definitions: Self.definitions) == nil, "\(SessionEventJSON.line(for: event))")
      #expect(SessionEventJSON.event(from: SessionEventJSON.line(for: event)) == event)
    }
  }

  /// An app writes its events' frames with `SessionEventJSON`: they read back as the same messages.
  @Test func anEventsFrameAsTheAppWritesItReadsBack() throws {
    for event in Self.events {
      let frame = try AttachFrame.bytes(of: AppMessage.event(event))
      #expect(try AttachFrame.length(ofHeader: Array(frame.prefix(4)), limit: .max) == frame.count - 4)
      #expect(try AttachFrame.message(AppMessage.self, from: Array(frame.dropFirst(4))) == .event(event))
    }
  }

  @Test func thePagesMessagesFitTheirSchemas() throws {
    try Self.check(InspectorRequest(id: 4, op: .children, path: ["quakes"], offset: 500, limit: 500, reveal: "nc123"), as: InspectorRequest.self)
    let history = InspectorReply.History(
      count: 2, position: 1, domain: "counter", liveness: nil, revision: nil, exampleAction: "didTapIncrementButton", exampleSelector: "selectValue")
    try Self.check(InspectorReply.Hello(limit: 1_000, dropped: 0, history: history), as: InspectorReply.Hello.self)
    try Self.check(history, as: InspectorReply.History.self)
    try Self.check(InspectorReply.Failed(id: 3, message: "the state has no `nope`"), as: InspectorReply.Failed.self)
  }

  @Test func aMessageThatDoesNotFitIsCaught() throws {
    let definitions = Self.definitions
    func violation(_ json: String, _ schema: JSONSchema) throws -> String? {
      schema.violation(of: try JSONDecoder().decode(JSONForm.self, from: Data(json.utf8)), definitions: definitions)
    }
    #expect(try violation(#"{"request": "hello"}"#, ShellRequest.schema) != nil, "a hello without its version")
    #expect(try violation(#"{"request": "line", "line": "state", "colour": "red"}"#, ShellRequest.schema) != nil, "a member of no message")
    #expect(try violation(#"{"request": "inspect", "id": 1.5, "call": {"op": "link"}}"#, ShellRequest.schema) != nil, "an id that is not an integer")
    #expect(try violation(#"{"event": "dispatched", "action": "a", "origin": "martian", "diff": null, "rejection": null, "hidden": false, "diffKinds": null}"#, SessionEvent.schema) != nil)
    #expect(try violation(#"{"line": "state"}"#, ShellRequest.schema) != nil, "a request from before the handshake")
  }

  // MARK: - Samples of every kind

  static let events: [SessionEvent] = [
    .command(CommandEvent(line: "dispatch didTapIncrementButton", domain: "counter", location: "a.txt:3")),
    .comment("# a comment"),
    .dispatched(DispatchEvent(action: "didTapIncrementButton", origin: .app, diff: [OutputLine(.removed, "-   value: 0"), OutputLine(.added, "+   value: 1")])),
    .log(LogLine(category: .effects, level: .info, text: "SELECT * FROM quakes")),
    .watch(WatchEvent(selector: "selectValue", value: "1", lines: ["watch selectValue → 1"])),
    .watch(WatchEvent(selector: "selectValue", value: "1", lines: ["watch selectValue → 1"], json: .int(1))),
    .invariant(InvariantEvent(name: "nonNegative", holds: false, message: "value is -1")),
    .dispatched(DispatchEvent(action: "didTapIncrementButton", origin: .script, diff: [OutputLine(.added, "+   value: 1")], entry: 4)),
    .breakpoint(BreakEvent(number: 2, predicate: "selectValue == 3", action: "didTapIncrementButton", origin: .listener, entry: 3, location: "a.txt:5", value: "3")),
    .breakpoint(BreakEvent(number: 1, predicate: "selectValue > 1", action: "didTapIncrementButton", origin: .app, entry: nil)),
    .snapshot(SnapshotEvent(domain: "counter", entry: 1200, state: .object([("value", .int(3))]))),
    .snapshot(SnapshotEvent(domain: "counter", entry: 0, state: nil)),
    .settled(SettleEvent(requested: true)),
    .note("opened quakes.sqlite"),
    .output([OutputLine(.plain, "1")]),
    .output([OutputLine(.plain, "CounterState(value: 1)")], value: .object([("value", .int(1))])),
    .error(ErrorEvent(message: "the state has no `nope`", location: nil, column: 7)),
    .report(ReportEvent(tool: .explore, lines: [OutputLine(.plain, "explore: 3 runs")], value: .object([("seed", .int(7))]))),
    .report(ReportEvent(tool: .linearize, lines: [], value: .object([("histories", .array([]))]))),
    .dispatched(DispatchEvent(action: "didTapIncrementButton", origin: .user, diff: [], entry: 1, cause: .typedLine(3))),
    .dispatched(DispatchEvent(action: "didTapIncrementButton", origin: .script, diff: [], entry: 2, cause: .scriptLine("a.txt:4"))),
    .dispatched(DispatchEvent(action: "didRefresh", origin: .listener, diff: [], entry: 3, cause: .entry(2))),
  ]

  static let answers: [InspectionAnswer] = [
    .linked(key: String(repeating: "ab", count: 16)),
    .following(domain: "counter"),
    .history(InspectorReply.History(count: 3, position: 2, domain: "counter", liveness: "fork", revision: nil)),
    .ran(InspectorReply.Ran(id: 13, line: "state", succeeded: true), prompt: "counter@4711 (fork)> ", events: [.output([OutputLine(.plain, "CounterState(value: 0)")])]),
    .children(InspectorReply.Children(id: 4, path: [], offset: 0, total: 1, nodes: [InspectorReply.Node(name: "value", label: "value", summary: "0", count: 0)])),
    .found(InspectorReply.Found(id: 9, query: "VAL", field: "key", paths: [["value"]], truncated: false)),
    .changedBy(InspectorReply.ChangedBy(id: 10, path: ["value"], entry: 3, action: "didTapIncrementButton")),
    .changedBy(InspectorReply.ChangedBy(id: 11, path: ["value"], entry: nil, action: nil)),
    .failed("this connection follows no shell"),
  ]

  static let shellRequests: [ShellRequest] = [
    .hello(protocolVersion: AttachProtocol.version),
    .line("state", location: "<stdin>:1"),
    .line("history", location: nil),
    .complete("dispatch didTap"),
    .untail,
    .inspect(id: 1, .link),
    .inspect(id: 2, .follow(key: String(repeating: "0", count: 32))),
    .inspect(id: 3, .history),
    .inspect(id: 4, .page(InspectorRequest(id: 40, op: .search, query: "mag", field: "value"))),
    .inspect(id: 5, .page(InspectorRequest(id: 41, op: .why, path: ["value"]))),
  ]

  static let appMessages: [AppMessage] =
    [
      .hello(AppHello(app: "shelf", domain: "shelf", pid: 4711, writes: false, started: 1_764_000_000.5)),
      .refused("the app runs as uid 1000 and refused this shell"),
      .done(LineDone(succeeded: true, quit: false, prompt: "shelf@4711 (live)> ", tailing: true)),
      .completions(CompletionAnswer(replaced: 6, candidates: [.init(text: "didTapIncrementButton", word: true)])),
      .completions(CompletionAnswer(replaced: 0, candidates: [], refused: "completion gave up after 1 s on a 30,000-character line; shorten the path")),
      .bye,
      .inspected(RelayedEvent(event: events[2], entry: 7, moves: true, app: true)),
      .inspected(RelayedEvent(event: events[7], entry: nil, moves: false, app: false)),
    ] + events.map { .event($0) } + answers.enumerated().map { .inspection(id: $0.offset, $0.element) }

  /// Encodes `message` as a frame's body, checks it against `Message`'s schema, and decodes it back.
  static func check<Message: Codable & Equatable & ProtocolSchema>(_ message: Message, as type: Message.Type) throws {
    let body = Data(try AttachFrame.bytes(of: message).dropFirst(4))
    let json = try JSONDecoder().decode(JSONForm.self, from: body)
    #expect(Message.schema.violation(of: json, definitions: definitions) == nil, "\(String(decoding: body, as: UTF8.self))")
    #expect(try JSONDecoder().decode(Message.self, from: body) == message, "\(String(decoding: body, as: UTF8.self))")
  }

  static func name(_ request: ShellRequest) -> String {
    switch request {
    case .hello: "hello"
    case .line: "line"
    case .complete: "complete"
    case .untail: "untail"
    case .inspect(_, .link): "inspect link"
    case .inspect(_, .follow): "inspect follow"
    case .inspect(_, .history): "inspect history"
    case .inspect(_, .page): "inspect page"
    }
  }

  static func name(_ message: AppMessage) -> String {
    switch message {
    case .hello: "hello"
    case .refused: "refused"
    case .done: "done"
    case .completions: "completions"
    case .bye: "bye"
    case .event: "event"
    case .inspection: "inspection"
    case .inspected: "inspected"
    }
  }

  static func name(_ answer: InspectionAnswer) -> String {
    switch answer {
    case .linked: "linked"
    case .following: "following"
    case .history: "history"
    case .ran: "ran"
    case .children: "children"
    case .found: "found"
    case .changedBy: "changedBy"
    case .failed: "failed"
    }
  }
}
