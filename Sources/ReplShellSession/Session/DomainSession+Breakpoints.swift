extension DomainSession {
  package func changeBreakpoints(_ change: BreakpointChange) throws(CommandError) -> [OutputLine] {
    switch change {
    case .list:
      return breakpoints.lines
    case .add(let predicate):
      let (breakpoint, isNew) = breakpoints.add(try makeInvariant(predicate))
      let holdsNow = breakpoint.condition.holds(store.select { $0 })
      var lines: [OutputLine] = [
        .note(isNew ? "break \(breakpoint.number): stops at the first dispatch that makes \(breakpoint.text) true" : "break \(breakpoint.number) is already set: break when \(breakpoint.text)")
      ]
      if holdsNow { lines.append(.note("it holds now: it stops once a dispatch makes it false, then true again")) }
      if isNew, let (number, entry) = firstCrossing(of: breakpoint) {
        lines.append(.note("the history made it true first at #\(number) \(TranscriptRenderer.shortened(entry.text)): `jump \(number)` goes there"))
      }
      return lines
    case .clear(nil, _):
      let count = breakpoints.clear()
      return [.note(count == 0 ? "no breakpoints to clear" : "cleared \(count) breakpoint\(count == 1 ? "" : "s")")]
    case .clear(let number?, let column):
      guard breakpoints.remove(number) else {
        let known = breakpoints.all.map { String($0.number) }
        throw CommandError(
          "no breakpoint \(number): " + (known.isEmpty ? "none is set" : "`break` lists them (\(known.joined(separator: ", ")))"), column: column)
      }
      return [.note("cleared break \(number)")]
    }
  }

  /// The first history entry (undone ones too) whose action made `breakpoint` true, and its number: in a
  /// replayed session, where in the recording the state first went that way.
  private func firstCrossing(of breakpoint: Breakpoint<State>) -> (Int, SessionHistory<State, Action>.Entry)? {
    var before = history.initialState
    for (index, entry) in history.entries.enumerated() {
      if breakpoint.isCrossed(from: before, to: entry.state) { return (index + 1, entry) }
      before = entry.state
    }
    return nil
  }

  /// Emits every breakpoint the dispatch of `action` (history entry `entry`) from `old` to `new`
  /// made true, and keeps the first for the line that is running, which then stops.
  package func checkBreakpoints(after action: String, origin: DispatchEvent.Origin, entry: Int?, old: State, new: State) {
    for breakpoint in breakpoints.crossed(from: old, to: new) {
      let stop = BreakEvent(
        number: breakpoint.number, predicate: breakpoint.text, action: action, origin: origin, entry: entry, location: lineLocation,
        value: breakpoint.value(on: new), chain: entry.map(causeChain(ofEntryAt:)) ?? [])
      events.emit(.breakpoint(stop))
      if firedBreak == nil { firedBreak = stop }
    }
  }

  package func tailBreaks() -> TailBreaks? {
    let breakpoints = breakpoints.all
    guard !breakpoints.isEmpty else { return nil }
    return { text, old, new in
      guard let old = old as? State, let new = new as? State else { return [] }
      return breakpoints.filter { $0.isCrossed(from: old, to: new) }.map { breakpoint in
        BreakEvent(number: breakpoint.number, predicate: breakpoint.text, action: text, origin: .app, entry: nil, value: breakpoint.value(on: new))
      }
    }
  }

  package func takeFiredBreak() -> BreakEvent? {
    defer { firedBreak = nil }
    return firedBreak
  }
}
