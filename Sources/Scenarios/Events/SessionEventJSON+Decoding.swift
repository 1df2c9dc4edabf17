import Foundation

extension SessionEventJSON {
  /// The event a line of `line(for:)` encodes, or nil when the line is not one: what an attached
  /// shell reads from a running app. Diff lines come back with their kinds (`diffKinds`; plain
  /// when a line has none), and a watch's value on one line.
  public static func event(from line: String) -> SessionEvent? {
    guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else { return nil }
    return event(from: object)
  }

  /// The event a decoded JSON object encodes, or nil.
  public static func event(from object: [String: Any]) -> SessionEvent? {
    func string(_ key: String) -> String? { object[key] as? String }
    func bool(_ key: String) -> Bool { object[key] as? Bool ?? false }
    switch string("event") {
    case "command":
      guard let line = string("line") else { return nil }
      return .command(CommandEvent(line: line, domain: string("domain"), location: string("location")))
    case "comment":
      return string("text").map { .comment($0) }
    case "dispatched":
      guard let action = string("action"), let origin = string("origin").flatMap(DispatchEvent.Origin.init(rawValue:)) else { return nil }
      let kinds = object["diffKinds"] as? [String] ?? []
      let diff = (object["diff"] as? [String])?.enumerated().map { index, text in
        OutputLine(kinds.indices.contains(index) ? OutputLine.Kind(name: kinds[index]) ?? .plain : .plain, text)
      }
      return .dispatched(DispatchEvent(action: action, origin: origin, diff: diff, rejection: string("rejection"), isHidden: bool("hidden")))
    case "log":
      guard let category = string("category").flatMap(DebugCategory.init(rawValue:)),
        let level = string("level").flatMap(LogLine.Level.init(rawValue:)), let text = string("text")
      else { return nil }
      return .log(LogLine(category: category, level: level, text: text))
    case "watch":
      guard let selector = string("selector") else { return nil }
      let value = string("value") ?? ""
      return .watch(WatchEvent(selector: selector, value: value, lines: ["watch \(selector) → \(value)"], error: string("error")))
    case "invariant":
      guard let name = string("name") else { return nil }
      return .invariant(InvariantEvent(name: name, holds: bool("holds"), message: string("message")))
    case "settled":
      return .settled(SettleEvent(requested: bool("requested")))
    case "note":
      return string("text").map { .note($0) }
    case "output":
      guard let lines = object["lines"] as? [[String: Any]] else { return nil }
      return .output(lines.map { OutputLine(OutputLine.Kind(name: $0["kind"] as? String ?? "") ?? .plain, $0["text"] as? String ?? "") })
    case "error":
      guard let message = string("message") else { return nil }
      return .error(ErrorEvent(message: message, location: string("location"), column: object["column"] as? Int))
    default:
      return nil
    }
  }
}

extension OutputLine.Kind {
  /// The kind named `name` in `--format json`.
  init?(name: String) {
    guard let kind = [Self.echo, .plain, .removed, .added, .note, .error, .log].first(where: { $0.name == name }) else { return nil }
    self = kind
  }
}
