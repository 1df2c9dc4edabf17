extension DomainSession {
  /// A selector call held to a value, its arguments read and its expected value decoded once.
  func makeInvariant(_ call: SelectorCall, expected: ParsedValue, equals: Bool) throws(CommandError) -> Invariant<State> {
    let prepared = try prepare(call)
    let isEqual = try prepared.equality(expected)
    var holds = isEqual
    if !equals { holds = { state in !isEqual(state) } }
    return Invariant(
      text: "\(call.text) \(equals ? "==" : "!=") \(expected.sourceText)", call: call, holds: holds,
      output: { state throws(CommandError) in try prepared.evaluate(state).value })
  }

  func changeInvariants(_ change: InvariantChange) throws(CommandError) -> [OutputLine] {
    switch change {
    case .add(let call, let expectation): try addInvariant(call, expected: expectation.expected, equals: expectation.equals)
    case .list: invariants.lines
    case .clear: clearInvariants()
    }
  }

  private func addInvariant(_ call: SelectorCall, expected: ParsedValue, equals: Bool) throws(CommandError) -> [OutputLine] {
    let invariant = try makeInvariant(call, expected: expected, equals: equals)
    let state = store.select { $0 }
    guard invariant.holds(state) else {
      throw CommandError(
        (["invariant \(invariant.text) does not hold now, so it was not added"] + invariant.actualLines(on: state)).joined(separator: "\n"),
        column: call.column)
    }
    invariants.add(invariant)
    return [.note("invariant \(invariant.text) is checked after every dispatch")]
  }

  private func clearInvariants() -> [OutputLine] {
    let count = invariants.clear()
    return [.note(count == 0 ? "no invariants to clear" : "cleared \(count) invariant\(count == 1 ? "" : "s")")]
  }

  /// Checks every invariant on the state `action` led to; a broken one is emitted and kept for
  /// the line that is running, which then fails with it.
  func checkInvariants(after action: String, state: State) {
    guard brokenInvariant == nil, let broken = invariants.firstBroken(on: state) else { return }
    let actual = broken.actualLines(on: state)
    let message = (["invariant \(broken.text) broken by `\(action)`"] + actual).joined(separator: "\n")
    events.emit(.invariant(InvariantEvent(name: broken.text, holds: false, message: message)))
    brokenInvariant = CommandError(message)
  }

  func takeLineEnd() -> (brokenInvariant: CommandError?, mark: HistoryMark) {
    defer { brokenInvariant = nil }
    return (brokenInvariant, historyMark)
  }
}
