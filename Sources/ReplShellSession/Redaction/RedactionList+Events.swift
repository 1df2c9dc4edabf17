import SessionProtocol
extension RedactionList {
  /// `events` with every redaction applied to the text they carry, except the commands and
  /// comments, which stay as written.
  public func apply(to events: [SessionEvent]) -> [SessionEvent] {
    guard isActive else { return events }
    return events.map(apply(to:))
  }

  /// `event` with every redaction applied to the text it carries; a command, a comment, a settling or a
  /// snapshot stays as it is.
  public func apply(to event: SessionEvent) -> SessionEvent {
    switch event {
    case .command, .comment, .settled, .snapshot:
      return event
    case .dispatched(let dispatch):
      return .dispatched(DispatchEvent(
        action: apply(to: dispatch.action), origin: dispatch.origin, diff: dispatch.diff.map(apply(to:)),
        rejection: dispatch.rejection.map(apply(to:)), isHidden: dispatch.isHidden, entry: dispatch.entry,
      cause: dispatch.cause))
    case .log(let log):
      return .log(LogLine(category: log.category, level: log.level, text: apply(to: log.text)))
    case .watch(let watch):
      return .watch(
        WatchEvent(
          selector: watch.selector, value: apply(to: watch.value), lines: watch.lines.map(apply(to:)), error: watch.error.map(apply(to:)),
          json: watch.json.map { apply(to: $0) }))
    case .invariant(let invariant):
      return .invariant(InvariantEvent(name: invariant.name, holds: invariant.holds, message: invariant.message.map(apply(to:))))
    case .breakpoint(let stop):
      return .breakpoint(
        BreakEvent(
          number: stop.number, predicate: stop.predicate, action: apply(to: stop.action), origin: stop.origin, entry: stop.entry,
          location: stop.location, value: stop.value.map(apply(to:)), chain: stop.chain.map(apply(to:))))
    case .note(let text):
      return .note(apply(to: text))
    case .output(let lines, let value):
      return .output(apply(to: lines), value: value.map { apply(to: $0) })
    case .report(let report):
      return .report(ReportEvent(tool: report.tool, lines: apply(to: report.lines), value: apply(to: report.value)))
    case .error(let error):
      return .error(ErrorEvent(message: apply(to: error.message), location: error.location, column: error.column))
    }
  }
}
