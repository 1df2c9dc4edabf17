/// A counterexample drawn as text: a column per client, a row per event in real-time order
/// (each row names its file line), then the longest order the specification allows and the
/// operation that cannot follow it, with the reducer's reason.
public struct WitnessTimeline: Sendable {
  /// The counterexample to draw (usually shrunk).
  public let counterexample: Counterexample
  /// The widest a client's column may be.
  public var columnWidth = 28

  /// A drawing of `counterexample`.
  public init(_ counterexample: Counterexample) {
    self.counterexample = counterexample
  }

  /// The drawing, one line per element, without trailing newlines.
  public var lines: [String] {
    let history = counterexample.history
    let processes = history.processes
    let column = Dictionary(uniqueKeysWithValues: processes.enumerated().map { ($0.element, $0.offset) })
    var events: [(position: Int, line: Int, operation: HistoryOperation, isInvocation: Bool)] = []
    for operation in history.operations {
      events.append((operation.invokedAt * 2, operation.invocationLine, operation, true))
      if let completed = operation.completedAt, let line = operation.completionLine {
        events.append((completed * 2 + 1, line, operation, false))
      }
    }
    events.sort { $0.position < $1.position }
    let lineWidth = (events.map { "l.\($0.line)".count }.max() ?? 3) + 1
    var open = Set<Int>()
    var rows: [[String]] = []
    var labels: [String] = []
    for event in events {
      var cells = processes.map { open.contains($0) ? "│" : "" }
      let cell = column[event.operation.process] ?? 0
      if event.isInvocation {
        cells[cell] = "┌ " + Self.invocationText(event.operation)
        open.insert(event.operation.process)
      } else {
        cells[cell] = "└ " + Self.completionText(event.operation)
        open.remove(event.operation.process)
      }
      if counterexample.blocked == event.operation.id && !event.isInvocation { cells[cell] += "  ✗" }
      rows.append(cells)
      labels.append("l.\(event.line)")
    }
    let widths = processes.indices.map { index in
      min(columnWidth, max("process \(processes[index])".count, rows.map { $0[index].count }.max() ?? 0)) + 2
    }
    func pad(_ text: String, _ width: Int) -> String {
      let cut = text.count > width - 2 ? String(text.prefix(width - 3)) + "…" : text
      return cut + String(repeating: " ", count: max(0, width - cut.count))
    }
    var lines: [String] = []
    lines.append(pad("", lineWidth + 1) + processes.indices.map { pad("process \(processes[$0])", widths[$0]) }.joined().trimmingTrailingSpaces)
    for (label, cells) in zip(labels, rows) {
      lines.append(pad(label, lineWidth + 1) + cells.indices.map { pad(cells[$0], widths[$0]) }.joined().trimmingTrailingSpaces)
    }
    let placed = counterexample.linearized.map { Self.reference(history.operations[$0]) }
    lines.append("linearized: " + (placed.isEmpty ? "nothing can go first" : placed.joined(separator: ", ")))
    if let blocked = counterexample.blocked {
      lines.append("cannot place: \(Self.reference(history.operations[blocked])): \(counterexample.reason)")
    } else {
      lines.append("cannot place: \(counterexample.reason)")
    }
    return lines
  }

  /// `write 3 (process 0, line 12)`.
  static func reference(_ operation: HistoryOperation) -> String {
    "\(operation.summary) (process \(operation.process), line \(operation.invocationLine))"
  }

  static func invocationText(_ operation: HistoryOperation) -> String {
    let asked = operation.requestedValue
    var text = operation.function + (asked == .null ? "" : " \(asked)")
    if let key = operation.invocation["key"] { text += " @\(key)" }
    return text
  }

  static func completionText(_ operation: HistoryOperation) -> String {
    switch operation.outcome {
    case .ok:
      let observed = operation.completion?["value"] ?? .null
      return observed == operation.requestedValue ? ":ok" : ":ok → \(observed)"
    case .fail: return ":fail"
    case .info: return ":info"
    }
  }
}

extension String {
  var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
