import StateValues
import Foundation

/// A session event on the wire is the object `--format json` prints for it (`SessionEventJSON`):
/// `"event"` names its kind, and optional members are present with `null`. Decoding reads what
/// that object carries: a diff's lines with their kinds (`diffKinds`; plain when a line has none),
/// a watch's value on one line.
extension SessionEvent: Codable {
  private enum Member: String, CodingKey {
    case event, line, domain, location, text, action, origin, diff, rejection, hidden, diffKinds
    case category, level, selector, value, error, name, holds, message, requested, lines, column, json, id, cause, entry, number, predicate, state, chain, tool
  }

  /// A dispatch's cause on the wire: exactly one of its members.
  private struct CauseObject: Codable {
    var line: Int?
    var location: String?
    var entry: Int?

    init(_ cause: DispatchEvent.Cause) {
      switch cause {
      case .typedLine(let number): line = number
      case .scriptLine(let text): location = text
      case .entry(let number): entry = number
      }
    }

    var cause: DispatchEvent.Cause? {
      if let line { return .typedLine(line) }
      if let location { return .scriptLine(location) }
      return entry.map { .entry($0) }
    }
  }

  /// One line of an `output` event: `{"kind": "plain", "text": "1"}`.
  private struct KindedLine: Codable {
    public let kind: String
    public let text: String
  }

  public init(from decoder: any Decoder) throws {
    let object = try decoder.container(keyedBy: Member.self)
    func text(_ member: Member) throws -> String? { try object.decodeIfPresent(String.self, forKey: member) }
    func required(_ member: Member) throws -> String { try object.decode(String.self, forKey: member) }
    func flag(_ member: Member) throws -> Bool { try object.decodeIfPresent(Bool.self, forKey: member) ?? false }
    let kind = try required(.event)
    switch kind {
    case "command":
      self = .command(CommandEvent(line: try required(.line), domain: try text(.domain), location: try text(.location)))
    case "comment":
      self = .comment(try required(.text))
    case "dispatched":
      guard let origin = DispatchEvent.Origin(rawValue: try required(.origin)) else {
        throw DecodingError.dataCorruptedError(forKey: .origin, in: object, debugDescription: "no such origin")
      }
      let kinds = try object.decodeIfPresent([String].self, forKey: .diffKinds) ?? []
      let diff = try object.decodeIfPresent([String].self, forKey: .diff)?.enumerated().map { index, text in
        OutputLine(kinds.indices.contains(index) ? OutputLine.Kind(name: kinds[index]) ?? .plain : .plain, text)
      }
      self = .dispatched(
        DispatchEvent(action: try required(.action), origin: origin, diff: diff, rejection: try text(.rejection), isHidden: try flag(.hidden),
          entry: try object.decodeIfPresent(Int.self, forKey: .id),
          cause: try object.decodeIfPresent(CauseObject.self, forKey: .cause)?.cause))
    case "log":
      guard let category = DebugCategory(rawValue: try required(.category)), let level = LogLine.Level(rawValue: try required(.level)) else {
        throw DecodingError.dataCorruptedError(forKey: .category, in: object, debugDescription: "no such category or level")
      }
      self = .log(LogLine(category: category, level: level, text: try required(.text)))
    case "watch":
      let selector = try required(.selector)
      let value = try text(.value) ?? ""
      self = .watch(
        WatchEvent(
          selector: selector, value: value, lines: ["watch \(selector) → \(value)"], error: try text(.error),
          json: try object.decodeIfPresent(JSONForm.self, forKey: .json)))
    case "invariant":
      self = .invariant(InvariantEvent(name: try required(.name), holds: try flag(.holds), message: try text(.message)))
    case "break":
      guard let origin = DispatchEvent.Origin(rawValue: try required(.origin)) else {
        throw DecodingError.dataCorruptedError(forKey: .origin, in: object, debugDescription: "no such origin")
      }
      self = .breakpoint(
        BreakEvent(
          number: try object.decode(Int.self, forKey: .number), predicate: try required(.predicate), action: try required(.action),
          origin: origin, entry: try object.decodeIfPresent(Int.self, forKey: .entry), location: try text(.location), value: try text(.value),
          chain: try object.decodeIfPresent([String].self, forKey: .chain) ?? []))
    case "snapshot":
      self = .snapshot(
        SnapshotEvent(
          domain: try required(.domain), entry: try object.decode(Int.self, forKey: .entry),
          state: try object.decodeNil(forKey: .state) ? nil : try object.decode(JSONForm.self, forKey: .state)))
    case "settled":
      self = .settled(SettleEvent(requested: try flag(.requested)))
    case "note":
      self = .note(try required(.text))
    case "output":
      let lines = try object.decode([KindedLine].self, forKey: .lines)
      self = .output(
        lines.map { OutputLine(OutputLine.Kind(name: $0.kind) ?? .plain, $0.text) }, value: try object.decodeIfPresent(JSONForm.self, forKey: .value))
    case "report":
      guard let tool = ReportEvent.Tool(rawValue: try required(.tool)) else {
        throw DecodingError.dataCorruptedError(forKey: .tool, in: object, debugDescription: "no such tool")
      }
      let lines = try object.decode([KindedLine].self, forKey: .lines)
      self = .report(
        ReportEvent(
          tool: tool, lines: lines.map { OutputLine(OutputLine.Kind(name: $0.kind) ?? .plain, $0.text) },
          value: try object.decode(JSONForm.self, forKey: .value)))
    case "error":
      self = .error(ErrorEvent(message: try required(.message), location: try text(.location), column: try object.decodeIfPresent(Int.self, forKey: .column)))
    default:
      throw DecodingError.dataCorruptedError(forKey: .event, in: object, debugDescription: "no such event: \(kind)")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var object = encoder.container(keyedBy: Member.self)
    // Members `--format json` prints as null are encoded as null here too.
    func put(_ value: (some Encodable)?, _ member: Member) throws {
      if let value { try object.encode(value, forKey: member) } else { try object.encodeNil(forKey: member) }
    }
    try object.encode(kind, forKey: .event)
    switch self {
    case .command(let command):
      try object.encode(command.line, forKey: .line)
      try put(command.domain, .domain)
      try put(command.location, .location)
    case .comment(let text):
      try object.encode(text, forKey: .text)
    case .dispatched(let dispatch):
      try object.encode(dispatch.action, forKey: .action)
      try object.encode(dispatch.origin.rawValue, forKey: .origin)
      try put(dispatch.diff.map { $0.map(\.text) }, .diff)
      try put(dispatch.rejection, .rejection)
      try object.encode(dispatch.isHidden, forKey: .hidden)
      try put(dispatch.diff.map { $0.map(\.kind.name) }, .diffKinds)
      try put(dispatch.entry, .id)
      try put(dispatch.cause.map(CauseObject.init), .cause)
    case .log(let log):
      try object.encode(log.category.rawValue, forKey: .category)
      try object.encode(log.level.rawValue, forKey: .level)
      try object.encode(log.text, forKey: .text)
    case .watch(let watch):
      try object.encode(watch.selector, forKey: .selector)
      try put(watch.error == nil ? watch.value : nil, .value)
      try object.encodeIfPresent(watch.json, forKey: .json)
      try put(watch.error, .error)
    case .invariant(let invariant):
      try object.encode(invariant.name, forKey: .name)
      try object.encode(invariant.holds, forKey: .holds)
      try put(invariant.message, .message)
    case .breakpoint(let stop):
      try object.encode(stop.number, forKey: .number)
      try object.encode(stop.predicate, forKey: .predicate)
      try object.encode(stop.action, forKey: .action)
      try object.encode(stop.origin.rawValue, forKey: .origin)
      try put(stop.entry, .entry)
      try put(stop.location, .location)
      try put(stop.value, .value)
      try object.encode(stop.chain, forKey: .chain)
    case .snapshot(let snapshot):
      try object.encode(snapshot.domain, forKey: .domain)
      try object.encode(snapshot.entry, forKey: .entry)
      try put(snapshot.state, .state)
    case .settled(let settle):
      try object.encode(settle.requested, forKey: .requested)
    case .note(let text):
      try object.encode(text, forKey: .text)
    case .output(let lines, let value):
      try object.encode(lines.map { KindedLine(kind: $0.kind.name, text: $0.text) }, forKey: .lines)
      try object.encodeIfPresent(value, forKey: .value)
    case .report(let report):
      try object.encode(report.tool.rawValue, forKey: .tool)
      try object.encode(report.lines.map { KindedLine(kind: $0.kind.name, text: $0.text) }, forKey: .lines)
      try object.encode(report.value, forKey: .value)
    case .error(let error):
      try object.encode(error.message, forKey: .message)
      try put(error.location, .location)
      try put(error.column, .column)
    }
  }
}

extension SessionEventJSON {
  /// The event a line of `line(for:)` encodes, or nil when the line is not one.
  public static func event(from line: String) -> SessionEvent? {
    try? JSONDecoder().decode(SessionEvent.self, from: Data(line.utf8))
  }
}

extension OutputLine.Kind {
  /// The kind named `name` in `--format json`.
  public init?(name: String) {
    guard let kind = [Self.echo, .plain, .removed, .added, .note, .error, .log].first(where: { $0.name == name }) else { return nil }
    self = kind
  }
}
