extension DomainSession {
  /// A predicate held after every dispatch, its arguments read and its value decoded once.
  package func makeInvariant(_ predicate: Predicate, settled: Bool = false) throws(CommandError) -> Invariant<State> {
    let prepared = try prepare(predicate.call)
    return Invariant(
      predicate: predicate, holds: try prepared.test(predicate),
      output: { state throws(CommandError) in try prepared.evaluate(state).value }, isSettled: settled)
  }

  package func changeInvariants(_ change: InvariantChange) throws(CommandError) -> [OutputLine] {
    switch change {
    case .add(let predicate, let settled): try addInvariant(predicate, settled: settled)
    case .list: invariants.lines
    case .clear: clearInvariants()
    }
  }

  private func addInvariant(_ predicate: Predicate, settled: Bool) throws(CommandError) -> [OutputLine] {
    let invariant = try makeInvariant(predicate, settled: settled)
    let state = store.select { $0 }
    guard invariant.holds(state) else {
      throw CommandError(
        (["invariant \(invariant.text) does not hold now, so it was not added"] + invariant.actualLines(on: state)).joined(separator: "\n"),
        column: predicate.call.column)
    }
    invariants.add(invariant)
    if settled {
      return [.note("invariant \(invariant.text) is checked whenever the listeners are done and no side effect is held")]
    }
    return [.note("invariant \(invariant.text) is checked after every dispatch")]
  }

  private func clearInvariants() -> [OutputLine] {
    let count = invariants.clear()
    return [.note(count == 0 ? "no invariants to clear" : "cleared \(count) invariant\(count == 1 ? "" : "s")")]
  }

  /// Checks every invariant on the state `action` led to; a broken one is emitted and kept for
  /// the line that is running, which then fails with it.
  package func checkInvariants(after action: String, state: State) {
    guard brokenInvariant == nil, let broken = invariants.firstBroken(on: state) else { return }
    let actual = broken.actualLines(on: state)
    let message = (["invariant \(broken.text) broken by `\(action)`"] + actual).joined(separator: "\n")
    events.emit(.invariant(InvariantEvent(name: broken.text, holds: false, message: message)))
    brokenInvariant = CommandError(message)
  }

  /// Checks the `--settled` invariants once the listeners are done with `action` and no side
  /// effect is held.
  package func checkSettledInvariants(after action: String) {
    guard brokenInvariant == nil, invariants.hasSettled, effectScheduler?.pending.isEmpty ?? true else { return }
    let state = store.select { $0 }
    guard let broken = invariants.firstBroken(on: state, settled: true) else { return }
    let message = (["invariant \(broken.text) broken once the listeners settled after `\(action)`"] + broken.actualLines(on: state)).joined(separator: "\n")
    events.emit(.invariant(InvariantEvent(name: broken.text, holds: false, message: message)))
    brokenInvariant = CommandError(message)
  }

  package func takeLineEnd() -> (brokenInvariant: CommandError?, mark: HistoryMark) {
    defer { brokenInvariant = nil }
    return (brokenInvariant, historyMark)
  }
}
