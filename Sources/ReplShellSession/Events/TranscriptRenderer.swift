import SessionProtocol
import StateValues
/// Renders session events as the lines of a transcript: what a terminal shows, what goldens hold
/// and what MCP replies carry. The one place that decides how each event reads as text.
public enum TranscriptRenderer {
  /// The lines of `events`; `echoesCommands` writes each command behind its prompt (scripts),
  /// otherwise only the lines `source` runs are (the terminal shows what was typed). A script's
  /// comments are echoed as written.
  public static func lines(for events: [SessionEvent], echoesCommands: Bool) -> [OutputLine] {
    var lines: [OutputLine] = []
    for event in events {
      append(event, echoesCommands: echoesCommands, to: &lines)
    }
    return lines
  }

  /// The line a command is echoed as, behind its prompt: in transcripts (`echoesCommands`), and
  /// always for the lines `source` runs; nil when it is not echoed.
  public static func echo(of command: CommandEvent, echoesCommands: Bool) -> OutputLine? {
    echoesCommands || command.isSourced ? OutputLine(.echo, command.prompt + command.line) : nil
  }

  /// Appends the lines of one event.
  public static func append(_ event: SessionEvent, echoesCommands: Bool, to lines: inout [OutputLine]) {
    switch event {
    case .command(let command):
      if let echo = echo(of: command, echoesCommands: echoesCommands) { lines.append(echo) }
    case .comment(let text):
      lines.append(OutputLine(.echo, text))
    case .dispatched(let dispatch):
      append(dispatch, to: &lines)
    case .log(let log):
      let level = log.level >= .warning ? log.level.rawValue + ": " : ""
      lines.append(OutputLine(.log, "[\(log.category.rawValue)] " + level + log.text))
    case .watch(let watch):
      if let error = watch.error {
        lines.append(.error("watch \(watch.selector): \(error)"))
      } else {
        lines += watch.lines.map(OutputLine.plain)
      }
    case .invariant:
      // The line that was running fails with the broken invariant: its error prints it, with the line's place.
      break
    case .breakpoint(let stop):
      lines += breakLines(stop)
    case .snapshot(let snapshot):
      lines.append(.note("the \(snapshot.domain) state after \(snapshot.entry) action\(snapshot.entry == 1 ? "" : "s")"))
    case .settled(let settle):
      if settle.requested { lines.append(.note("settled")) }
    case .note(let text):
      lines.append(.note(text))
    case .output(let output, _):
      lines += output
    case .report(let report):
      lines += report.lines
    case .error(let error):
      lines += errorLines(error)
    }
  }

  /// A dispatch: a listener's action behind `↳`, then the diff. The user's own rejected action
  /// prints nothing here: the command fails and says why.
  static func append(_ dispatch: DispatchEvent, to lines: inout [OutputLine]) {
    guard !dispatch.isHidden else { return }
    let byListener = dispatch.origin == .listener
    if let rejection = dispatch.rejection {
      if byListener { lines.append(.error("↳ \(shortened(dispatch.action)) rejected: \(rejection)")) }
      return
    }
    if byListener { lines.append(.note("↳ \(shortened(dispatch.action))   (listener)")) }
    if dispatch.origin == .app { lines.append(.note("→ \(shortened(dispatch.action))")) }
    lines += dispatch.diff ?? []
  }

  /// A breakpoint that fired, marked: `■ break 1 (selectValue == 3) at #3 didTapIncrementButton, a.txt:4`,
  /// the selector's output, and where to look next.
  static func breakLines(_ stop: BreakEvent) -> [OutputLine] {
    var place = stop.entry.map { "#\($0) " } ?? ""
    place += shortened(stop.action)
    if stop.origin == .listener { place += " (listener)" }
    if let location = stop.location { place += ", \(location)" }
    var lines = [OutputLine(.error, "■ break \(stop.number) (\(stop.predicate)) at \(place)")]
    if let value = stop.value { lines.append(.plain("  value: \(value)")) }
    lines += stop.chain.map { .plain("  " + $0) }
    if let entry = stop.entry {
      lines.append(.note("  `history` lists what led here, `jump \(entry - 1)` goes to the state before it, `why <path>` says what set a part of the state"))
    }
    return lines
  }

  /// `error: file.txt:12:5: message` in scripts, `error: column 5: message` interactively.
  public static func errorLines(_ error: ErrorEvent) -> [OutputLine] {
    var messageLines = error.message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let first = messageLines.isEmpty ? "" : messageLines.removeFirst()
    var place = ""
    switch (error.location, error.column) {
    case (let location?, let column?): place = "\(location):\(column): "
    case (let location?, nil): place = "\(location): "
    case (nil, let column?): place = "column \(column): "
    case (nil, nil): break
    }
    return [OutputLine.error(place + first)] + messageLines.map { OutputLine(.error, $0) }
  }

  /// An action's text, its arguments elided when it is longer than a line.
  public static func shortened(_ text: String) -> String {
    text.count <= ValuePrinter.lineWidth ? text : ValuePrinter.elidingArguments(text)
  }
}
