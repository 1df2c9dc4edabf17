import StateValues
/// Renders session events as JSON, one object per event on one line (`--format json`), for tools
/// and agents. The field names are stable; the README documents the schema. Every object has
/// `"event"`, naming its kind; optional fields are present with `null`.
public enum SessionEventJSON {
  /// One event as a JSON object on one line.
  public static func line(for event: SessionEvent) -> String {
    var object = JSONObject()
    object.add("event", event.kind)
    switch event {
    case .command(let command):
      object.add("line", command.line)
      object.add("domain", command.domain)
      object.add("location", command.location)
    case .comment(let text):
      object.add("text", text)
    case .dispatched(let dispatch):
      object.add("action", dispatch.action)
      object.add("origin", dispatch.origin.rawValue)
      object.add("diff", dispatch.diff.map { $0.map(\.text) })
      object.add("rejection", dispatch.rejection)
      object.add("hidden", dispatch.isHidden)
      // Last, so that what tools already read of the object is unchanged.
      object.add("diffKinds", dispatch.diff.map { $0.map(\.kind.name) })
      // After those: the history entry (`id`) and what caused it, null when not known.
      object.add("id", dispatch.entry)
      object.addCause(dispatch.cause)
    case .log(let log):
      object.add("category", log.category.rawValue)
      object.add("level", log.level.rawValue)
      object.add("text", log.text)
    case .watch(let watch):
      object.add("selector", watch.selector)
      object.add("value", watch.error == nil ? watch.value : nil)
      object.add("error", watch.error)
      // After the fields above, which are unchanged: the output itself as JSON.
      if let json = watch.json { object.addJSON("json", json) }
    case .invariant(let invariant):
      object.add("name", invariant.name)
      object.add("holds", invariant.holds)
      object.add("message", invariant.message)
    case .breakpoint(let stop):
      object.add("number", stop.number)
      object.add("predicate", stop.predicate)
      object.add("action", stop.action)
      object.add("origin", stop.origin.rawValue)
      object.add("entry", stop.entry)
      object.add("location", stop.location)
      object.add("value", stop.value)
      object.add("chain", stop.chain)
    case .snapshot(let snapshot):
      object.add("domain", snapshot.domain)
      object.add("entry", snapshot.entry)
      if let state = snapshot.state { object.addJSON("state", state) } else { object.add("state", nil as String?) }
    case .settled(let settle):
      object.add("requested", settle.requested)
    case .note(let text):
      object.add("text", text)
    case .output(let lines, let value):
      object.addLines("lines", lines)
      // Only where the lines print one value: other output objects are as they were.
      if let value { object.addJSON("value", value) }
    case .report(let report):
      object.add("tool", report.tool.rawValue)
      object.addLines("lines", report.lines)
      object.addJSON("value", report.value)
    case .error(let error):
      object.add("message", error.message)
      object.add("location", error.location)
      object.add("column", error.column)
    }
    return object.closed
  }

  /// A JSON object written field by field, in the order added.
  private struct JSONObject {
    private(set) var text = "{"
    private var isEmpty = true

    private mutating func key(_ name: String) {
      if !isEmpty { text += ", " }
      isEmpty = false
      text += "\"\(name)\": "
    }

    public mutating func add(_ name: String, _ value: String?) {
      key(name)
      text += value.map(SessionEventJSON.quoted) ?? "null"
    }

    public mutating func add(_ name: String, _ value: Bool) {
      key(name)
      text += value ? "true" : "false"
    }

    public mutating func add(_ name: String, _ value: Int?) {
      key(name)
      text += value.map(String.init) ?? "null"
    }

    public mutating func add(_ name: String, _ values: [String]?) {
      key(name)
      text += values.map { "[" + $0.map(SessionEventJSON.quoted).joined(separator: ", ") + "]" } ?? "null"
    }

    /// Lines with their kinds: `[{"kind": "plain", "text": "1"}]`.
    mutating func addLines(_ name: String, _ lines: [OutputLine]) {
      key(name)
      text += "[" + lines.map { "{\"kind\": \"\($0.kind.name)\", \"text\": \(SessionEventJSON.quoted($0.text))}" }.joined(separator: ", ") + "]"
    }

    /// The cause of a dispatch: `{"line": 3}` typed, `{"location": "x.txt:7"}` in a script,
    /// `{"entry": 4}` a listener's side effect of entry 4; null when not known.
    mutating func addCause(_ cause: DispatchEvent.Cause?) {
      key("cause")
      switch cause {
      case .typedLine(let number): text += "{\"line\": \(number)}"
      case .scriptLine(let location): text += "{\"location\": \(SessionEventJSON.quoted(location))}"
      case .entry(let entry): text += "{\"entry\": \(entry)}"
      case nil: text += "null"
      }
    }

    /// A member whose value is JSON already.
    mutating func addJSON(_ name: String, _ value: JSONForm) {
      key(name)
      text += value.text
    }

    public var closed: String { text + "}" }
  }

  /// A JSON string literal: quotes, backslashes and control characters escaped.
  public static func quoted(_ text: String) -> String {
    JSONForm.quoted(text)
  }
}
