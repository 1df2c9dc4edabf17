import ReplShellFoundation

/// A counterexample drawn as text: a column per client, a row per event in real-time order
/// (each row names its file line), then the longest order the specification allows and the
/// operation that cannot follow it, with the reducer's reason.
///
/// The drawing is bounded whatever the witness: one whose columns would be wider than
/// `maximumWidth` lists one event per line instead, rows past `maximumLines` are counted rather
/// than drawn (the first and the last are kept: the failure is at the end), and no line is
/// longer than `maximumLineLength`. Text from the history is escaped for a terminal.
public struct WitnessTimeline: Sendable {
  /// The counterexample to draw (usually shrunk).
  public let counterexample: Counterexample
  /// The widest a client's column may be.
  public var columnWidth = 28
  /// The widest a drawing with a column per client may be.
  public var maximumWidth = 240
  /// The most lines drawn.
  public var maximumLines = 200
  /// The longest a line may be (a long reason is cut).
  public var maximumLineLength = 1000

  /// A drawing of `counterexample`.
  public init(_ counterexample: Counterexample) {
    self.counterexample = counterexample
  }

  /// The drawing, one line per element, without trailing newlines.
  public var lines: [String] {
    drawing.lines
  }

  /// The drawing, and how many of its rows were left out.
  var drawing: (lines: [String], omittedRows: Int) {
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
    let text = events.map { event in
      var cell = event.isInvocation ? "┌ " + Self.invocationText(event.operation) : "└ " + Self.completionText(event.operation)
      if counterexample.blocked == event.operation.id && !event.isInvocation { cell += "  ✗" }
      return cell
    }
    let labels = events.map { "l.\($0.line)" }
    let header = processes.map { "process \($0)" }
    let widths = processes.indices.map { index in
      min(columnWidth, header[index].count) + 2
    }
    var columnWidths = widths
    for (event, cell) in zip(events, text) {
      let index = column[event.operation.process] ?? 0
      columnWidths[index] = max(columnWidths[index], min(columnWidth, cell.count) + 2)
    }
    let asTable = lineWidth + 1 + columnWidths.reduce(0, +) <= maximumWidth
    // Rows to draw: all, or the first and the last when there are too many for the lines left
    // after the header, the cut's note and the two lines of the reason.
    let room = max(2, maximumLines - 4)
    let shown: [Int]
    var omitted = 0
    if events.count <= room + 1 {
      shown = Array(events.indices)
    } else {
      let tail = room / 2
      shown = Array(0..<(room - tail)) + Array((events.count - tail)..<events.count)
      omitted = events.count - room
    }
    var lines: [String] = []
    if asTable {
      lines.append(Self.pad("", lineWidth + 1) + processes.indices.map { Self.pad(header[$0], columnWidths[$0]) }.joined().trimmingTrailingSpaces)
      var open = Set<Int>()
      var drawnUpTo = 0
      for index in shown {
        // The columns of operations open across the rows left out are still drawn open.
        while drawnUpTo < index {
          let skipped = events[drawnUpTo]
          if skipped.isInvocation { open.insert(skipped.operation.process) } else { open.remove(skipped.operation.process) }
          drawnUpTo += 1
        }
        let event = events[index]
        var cells = processes.map { open.contains($0) ? "│" : "" }
        cells[column[event.operation.process] ?? 0] = text[index]
        if event.isInvocation { open.insert(event.operation.process) } else { open.remove(event.operation.process) }
        drawnUpTo = index + 1
        lines.append(Self.pad(labels[index], lineWidth + 1) + cells.indices.map { Self.pad(cells[$0], columnWidths[$0]) }.joined().trimmingTrailingSpaces)
        if omitted > 0 && index == room - room / 2 - 1 { lines.append("… \(BudgetShortfall.grouped(omitted)) more rows") }
      }
    } else {
      let processWidth = (header.map(\.count).max() ?? 9) + 2
      lines.append(Self.pad("", lineWidth + 1) + "\(processes.count) clients, one event a line")
      for index in shown {
        let event = events[index]
        lines.append(Self.pad(labels[index], lineWidth + 1) + Self.pad("process \(event.operation.process)", processWidth) + Self.cut(text[index], columnWidth * 2))
        if omitted > 0 && index == room - room / 2 - 1 { lines.append("… \(BudgetShortfall.grouped(omitted)) more rows") }
      }
    }
    var placed = "linearized: "
    if counterexample.linearized.isEmpty {
      placed += "nothing can go first"
    } else {
      for (count, id) in counterexample.linearized.enumerated() {
        let reference = Self.reference(history.operations[id])
        let rest = counterexample.linearized.count - count
        let more = " … and \(BudgetShortfall.grouped(rest)) more"
        if placed.count + reference.count + 2 + more.count > maximumWidth && rest > 1 {
          placed += more
          break
        }
        placed += (count == 0 ? "" : ", ") + reference
      }
    }
    lines.append(placed)
    if let blocked = counterexample.blocked {
      lines.append("cannot place: \(Self.reference(history.operations[blocked])): \(ControlCharacters.escaped(counterexample.reason, onOneLine: true))")
    } else {
      lines.append("cannot place: \(ControlCharacters.escaped(counterexample.reason, onOneLine: true))")
    }
    return (lines.map { Self.cut($0, maximumLineLength) }, omitted)
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    let cut = text.count > width - 2 ? String(text.prefix(max(0, width - 3))) + "…" : text
    return cut + String(repeating: " ", count: max(0, width - cut.count))
  }

  private static func cut(_ text: String, _ length: Int) -> String {
    text.count > length ? String(text.prefix(length - 1)) + "…" : text
  }

  /// `write 3 (process 0, line 12)`, escaped for a terminal.
  static func reference(_ operation: HistoryOperation) -> String {
    ControlCharacters.escaped("\(operation.summary) (process \(operation.process), line \(operation.invocationLine))", onOneLine: true)
  }

  static func invocationText(_ operation: HistoryOperation) -> String {
    let asked = operation.requestedValue
    var text = operation.function + (asked == .null ? "" : " \(asked)")
    if let key = operation.invocation["key"] { text += " @\(key)" }
    return ControlCharacters.escaped(text, onOneLine: true)
  }

  static func completionText(_ operation: HistoryOperation) -> String {
    switch operation.outcome {
    case .ok:
      let observed = operation.completion?["value"] ?? .null
      return observed == operation.requestedValue ? ":ok" : ControlCharacters.escaped(":ok → \(observed)", onOneLine: true)
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
