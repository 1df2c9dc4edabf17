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
    let witnessLines = Set(witness?.history.operations.map(\.invocationLine) ?? [])
    let blockedLine = witness.flatMap { w in w.blocked.map { w.history.operations[$0].invocationLine } }
    let bars = history.operations.map { operation in
      Bar(
        client: operation.process, start: operation.invokedAt,
        end: operation.outcome == .info ? nil : operation.completedAt, outcome: operation.outcome.rawValue,
        text: operation.summary,
        title: "\(WitnessTimeline.reference(operation)) → \(operation.completion.map(\.description) ?? "never completed")",
        isWitness: witnessLines.contains(operation.invocationLine), isBlocked: blockedLine == operation.invocationLine)
    }
    let explanation = witness.map { (operations: $0.history.operations.count, lines: WitnessTimeline($0).lines) }
    return Self.html(
      source: history.source, verdict: verdict, clients: history.processes, span: 0..<max(1, history.eventCount), bars: bars,
      partition: witness?.partition?.description, witness: explanation)
  }

  /// One operation as the page draws it: a bar in its client's row from `start` to `end` (nil
  /// when it never completed: it fades to the end), classed by its outcome.
  public struct Bar: Sendable {
    /// The client's number, its row.
    public var client: Int
    /// The event it was invoked at.
    public var start: Int
    /// The event it completed at, or nil when it never did.
    public var end: Int?
    /// `ok`, `fail` or `info`.
    public var outcome: String
    /// What the bar says.
    public var text: String
    /// What it says when pointed at.
    public var title: String
    /// True for an operation of the witness.
    public var isWitness: Bool
    /// True for the witness's operation that cannot be placed.
    public var isBlocked: Bool

    /// A bar with each of its parts.
    public init(client: Int, start: Int, end: Int?, outcome: String, text: String, title: String, isWitness: Bool, isBlocked: Bool) {
      self.client = client
      self.start = start
      self.end = end
      self.outcome = outcome
      self.text = text
      self.title = title
      self.isWitness = isWitness
      self.isBlocked = isBlocked
    }
  }

  /// The page of `bars`, a row per client of `clients`, over the events of `span`: what
  /// `linearize --html` writes of a history, and what a test attaches of a `linearize` report
  /// (`witness`: how many operations it has and its lines as `linearize` prints them).
  public static func html(
    source: String, verdict: String, clients: [Int], span: Range<Int>, bars: [Bar], partition: String?,
    witness: (operations: Int, lines: [String])?
  ) -> String {
    let row = Dictionary(clients.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }
    let length = max(1, span.count)
    let scale = max(6.0, min(40.0, 4000.0 / Double(length)))
    let width = Int(Double(length) * scale) + 200
    var drawn = ""
    for bar in bars {
      let left = Double(bar.start - span.lowerBound) * scale
      let end = bar.end.map { Double($0 - span.lowerBound) + 1 } ?? Double(length)
      let barWidth = max(scale, end * scale - left)
      var classes = ["op", bar.outcome]
      if bar.isWitness { classes.append("witness") }
      if bar.isBlocked { classes.append("blocked") }
      let top = (row[bar.client] ?? 0) * 34 + 24
      drawn += "<div class=\"\(escape(classes.joined(separator: " ")))\" style=\"left:\(Int(left) + 110)px;top:\(top)px;width:\(Int(barWidth))px\" title=\"\(escape(bar.title))\">\(escape(bar.text))</div>\n"
    }
    var labels = ""
    for (index, client) in clients.enumerated() {
      labels += "<div class=\"client\" style=\"top:\(index * 34 + 24)px\">process \(client)</div>\n"
    }
    var explanation = ""
    if let witness {
      explanation = "<h2>Witness: \(witness.operations) operations</h2>\n<pre>\(witness.lines.map(escape).joined(separator: "\n"))</pre>\n"
    }
    return """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><title>\(escape(source)): \(escape(verdict))</title>
      <style>
      body { font: 13px system-ui, sans-serif; margin: 16px; }
      .lane { position: relative; height: \(clients.count * 34 + 40)px; width: \(width)px; }
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
      <h1>\(escape(source)): \(escape(verdict))</h1>
      <p>\(bars.count) operations of \(clients.count) clients\(partition.map { ", partition \(escape($0))" } ?? ""). \
      Witness operations are orange; the one that cannot be placed is red.</p>
      <div class="scroll"><div class="lane">
      \(labels)\(drawn)</div></div>
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
