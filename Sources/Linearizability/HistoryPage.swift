import ReplShellFoundation

/// A history drawn as one self-contained HTML page: a row per client, each operation a bar from
/// its invocation to its completion (indeterminate ones fade to the end), the witness's
/// operations highlighted and listed with the reason the last cannot be placed.
public struct HistoryPage: Sendable {
  /// The part of the history that failed, as checked (all of its operations are drawn).
  public let history: History
  /// The shrunk witness within it, or nil for a history that passed.
  public let witness: Counterexample?
  /// The verdict's name, for the title.
  public let verdict: String

  /// A page for `history` with `witness` highlighted.
  public init(history: History, witness: Counterexample?, verdict: String) {
    self.history = history
    self.witness = witness
    self.verdict = verdict
  }

  /// The page's HTML.
  public var html: String {
    let processes = history.processes
    let row = Dictionary(uniqueKeysWithValues: processes.enumerated().map { ($0.element, $0.offset) })
    let witnessLines = Set(witness?.history.operations.map(\.invocationLine) ?? [])
    let blockedLine = witness.flatMap { w in w.blocked.map { w.history.operations[$0].invocationLine } }
    let span = max(1, history.eventCount)
    let scale = max(6.0, min(40.0, 4000.0 / Double(span)))
    let width = Int(Double(span) * scale) + 200
    var bars = ""
    for operation in history.operations {
      let left = Double(operation.invokedAt) * scale
      let end = operation.outcome == .info || operation.completedAt == nil ? Double(span) : Double(operation.completedAt ?? span) + 1
      let barWidth = max(scale, end * scale - left)
      var classes = ["op", operation.outcome.rawValue]
      if witnessLines.contains(operation.invocationLine) { classes.append("witness") }
      if blockedLine == operation.invocationLine { classes.append("blocked") }
      let top = (row[operation.process] ?? 0) * 34 + 24
      let title = "\(WitnessTimeline.reference(operation)) → \(operation.completion.map(\.description) ?? "never completed")"
      bars += "<div class=\"\(classes.joined(separator: " "))\" style=\"left:\(Int(left) + 110)px;top:\(top)px;width:\(Int(barWidth))px\" title=\"\(Self.escape(title))\">\(Self.escape(operation.summary))</div>\n"
    }
    var labels = ""
    for (index, process) in processes.enumerated() {
      labels += "<div class=\"client\" style=\"top:\(index * 34 + 24)px\">process \(process)</div>\n"
    }
    var explanation = ""
    if let witness {
      let lines = WitnessTimeline(witness).lines.map(Self.escape).joined(separator: "\n")
      explanation = "<h2>Witness: \(witness.history.operations.count) operations</h2>\n<pre>\(lines)</pre>\n"
    }
    return """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><title>\(Self.escape(history.source)): \(Self.escape(verdict))</title>
      <style>
      body { font: 13px system-ui, sans-serif; margin: 16px; }
      .lane { position: relative; height: \(processes.count * 34 + 40)px; width: \(width)px; }
      .client { position: absolute; left: 0; width: 100px; font-weight: 600; }
      .op { position: absolute; height: 22px; line-height: 22px; overflow: hidden; white-space: nowrap; font-size: 11px;
            background: #d9dde3; border: 1px solid #9aa3ad; border-radius: 3px; padding: 0 3px; box-sizing: border-box; }
      .op.info { background: linear-gradient(to right, #d9dde3, #fff); border-style: dashed; }
      .op.fail { background: #f2f2f2; color: #777; }
      .op.witness { background: #ffd7a8; border-color: #c76a00; }
      .op.blocked { background: #ff9c9c; border-color: #b00000; font-weight: 600; }
      .scroll { overflow-x: auto; border: 1px solid #ddd; }
      pre { background: #f6f6f6; padding: 8px; }
      </style></head><body>
      <h1>\(Self.escape(history.source)): \(Self.escape(verdict))</h1>
      <p>\(history.operations.count) operations of \(processes.count) clients\(witness?.partition.map { ", partition \(Self.escape($0.description))" } ?? ""). \
      Witness operations are orange; the one that cannot be placed is red.</p>
      <div class="scroll"><div class="lane">
      \(labels)\(bars)</div></div>
      \(explanation)</body></html>

      """
  }

  /// `text` for HTML, its control characters escaped as for a terminal first.
  static func escape(_ text: String) -> String {
    var result = ""
    for character in ControlCharacters.escaped(text, onOneLine: true) {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}
