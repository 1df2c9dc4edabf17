import ReplShellDomain
import SessionProtocol
import StateValues
/// The checks every dispatch runs: the watched selectors, the invariants and the breakpoints,
/// with the selectors they are written with (`select`, `expect`). Beside each list, whether it
/// holds anything: a dispatch reads those flags without reaching into the generic lists (whose
/// type metadata is looked up on every use in unspecialized code).
@MainActor public final class SessionChecks<State: Sendable, Action: Decodable & Equatable & Sendable> {
  /// The domain's selectors.
  public let selectors: [SelectorDefinition<State, Action>]
  /// Every selector's name, signature and parameters with their completions, as `selectors`,
  /// Tab and the inspector list them.
  public var selectorSignatures: [(name: String, signature: String, parameters: [(label: String, completions: [String])])] {
    selectors.map { ($0.name, $0.signature, $0.parameters.map { ($0.label, $0.completions) }) }
  }
  /// The store whose state is checked.
  private let store: SessionStore<State, Action>
  /// The history, where a new breakpoint looks for the entry that first made it true.
  private let history: SessionHistory<State, Action>
  /// The causes of an entry, which a breakpoint's stop shows.
  private let why: WhyIndex<State, Action>
  /// Where what the checks find goes.
  private let events: SessionEventStream
  /// The report what the checks find is written into: the running line's while its dispatch or
  /// its wait for the listeners runs (`reporting(into:_:)`), else the mailbox the next line
  /// claims (`SessionEventStream.unclaimed`). The store reports a dispatch by a callback that
  /// carries no report, so the line's is handed here for the length of the call that dispatches.
  private var report: LineReport
  /// The watched selectors.
  public var watches = WatchList<State, Action>() {
    didSet { active.set(.watches, !watches.isEmpty) }
  }
  /// The invariants checked after every dispatch.
  public var invariants = InvariantList<State>() {
    didSet { active.set(.invariants, !invariants.all.isEmpty) }
  }
  /// The breakpoints every dispatch checks (`break when`).
  public var breakpoints = BreakpointList<State>() {
    didSet { active.set(.breakpoints, !breakpoints.all.isEmpty) }
  }
  /// Which of the three lists hold anything, kept beside them: a dispatch reads this one flag set
  /// without reaching into the generic lists (whose type metadata is looked up on every use in
  /// unspecialized code), and a session with no checks pays one read.
  private(set) var active: ActiveChecks = []

  /// The checks of `timeline`'s store with `selectors`, reporting on `events`; a stop's causes come from `why`.
  init(
    selectors: [SelectorDefinition<State, Action>], timeline: SessionTimeline<State, Action>, why: WhyIndex<State, Action>,
    events: SessionEventStream
  ) {
    self.selectors = selectors
    self.store = timeline.store
    self.history = timeline.history
    self.why = why
    self.events = events
    self.report = events.unclaimed
  }
}

extension SessionChecks {
  /// Runs `body` with what the checks find written into `line`'s report, then into the mailbox
  /// again (or the report handed by the call it runs inside).
  public func reporting(into line: LineReport, _ body: () throws -> Void) rethrows {
    let outer = report
    report = line
    defer { report = outer }
    try body()
  }

  /// Runs `body`, which waits (for the listeners), with what the checks find written into
  /// `line`'s report: what a listener dispatches meanwhile belongs to the line that waits.
  public func reporting<Result>(
    into line: LineReport, _ body: () async throws(CommandError) -> Result
  ) async throws(CommandError) -> Result {
    let outer = report
    report = line
    defer { report = outer }
    return try await body()
  }

  /// Whether an invariant broke already, in the report written into or in the mailbox the line
  /// will claim: the first one is all a line reports, and the others are not checked.
  private var invariantBroken: Bool {
    report.brokenInvariant != nil || events.unclaimed.brokenInvariant != nil
  }
}

extension SessionChecks {
  /// The selector `call` names, its overload chosen by the labels typed, with its arguments read.
  public func prepare(_ call: SelectorCall) throws(CommandError) -> PreparedSelector<State, Action> {
    let named = selectors.filter { $0.name == call.name }
    let labels = call.arguments.map(\.label)
    let chosen = named.first { $0.parameters.map(\.label) == labels.compactMap { $0 } } ?? named.first
    guard let definition = chosen else {
      let suggestions = Suggestions.closest(to: call.name, among: selectors.map(\.name))
      let hint = suggestions.isEmpty ? "type `selectors` for the list" : "did you mean \(suggestions.map { "`\($0)`" }.joined(separator: " or "))?"
      throw CommandError("unknown selector `\(call.name.truncatedForMessage)`: \(hint)", column: call.column)
    }
    return try definition.prepare(call)
  }

  /// The selector's output on the current state.
  private func evaluate(_ selector: PreparedSelector<State, Action>) throws(CommandError) -> SelectorOutput {
    try selector.evaluate(store.select { $0 })
  }

  /// The output on the current state of the selector `call` names (`select`).
  public func select(_ call: SelectorCall) throws(CommandError) -> Value {
    try evaluate(prepare(call)).value
  }

  /// Checks `predicate` on the current state (`expect`): `ok`, or an error with the selector's actual output.
  public func expect(_ predicate: Predicate) throws(CommandError) -> [OutputLine] {
    let prepared = try prepare(predicate.call)
    let holds = try prepared.test(predicate)
    let state = store.select { $0 }
    guard holds(state) else {
      let lines = ["expectation failed: \(predicate.text)"] + predicate.actualLines(output: try prepared.evaluate(state).value)
      throw CommandError(lines.joined(separator: "\n"), column: predicate.call.column)
    }
    return [.note("ok")]
  }

  /// Starts or stops watching a selector, or reads every watch again (`watch`, `unwatch`); returns what to print.
  public func changeWatches(_ change: WatchChange) throws(CommandError) -> [OutputLine] {
    switch change {
    case .add(let call):
      let prepared = try prepare(call)
      return watches.add(call, selector: prepared, value: try evaluate(prepared).value)
    case .remove(let name):
      return try watches.remove(name)
    case .refresh:
      refreshWatches()
      return []
    }
  }

  /// Reads every watched selector again from the store's state (the app's own actions moved it).
  func refreshWatches() {
    watches.update(state: store.select { $0 }, action: nil, events: events)
  }
}

extension SessionChecks {
  /// A predicate held after every dispatch, its arguments read and its value decoded once.
  public func makeInvariant(_ predicate: Predicate, settled: Bool = false) throws(CommandError) -> Invariant<State> {
    let prepared = try prepare(predicate.call)
    return Invariant(
      predicate: predicate, holds: try prepared.test(predicate),
      output: { state throws(CommandError) in try prepared.evaluate(state).value }, isSettled: settled)
  }

  /// Adds an invariant that holds now, lists them or drops them all (`invariant`); returns what to print.
  public func changeInvariants(_ change: InvariantChange) throws(CommandError) -> [OutputLine] {
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

  /// Checks every invariant on the state `action` led to; a broken one is emitted and written
  /// into the report handed (`reporting(into:_:)`), whose line then fails with it; `byTheApp`
  /// names the action as a live app's own.
  func checkInvariants(after action: String, state: State, byTheApp: Bool = false) {
    guard !invariantBroken, let broken = invariants.firstBroken(on: state) else { return }
    let actual = broken.actualLines(on: state)
    let message = (["invariant \(broken.text) broken by \(byTheApp ? "the app's " : "")`\(action)`"] + actual).joined(separator: "\n")
    events.emit(.invariant(InvariantEvent(name: broken.text, holds: false, message: message)))
    report.invariantBroke(CommandError(message))
  }

  /// Checks the `--settled` invariants once the listeners are done with `action` and no side
  /// effect is held.
  func checkSettledInvariants(after action: String, effectsHeld: @autoclosure () -> Bool) {
    guard !invariantBroken, invariants.hasSettled, !effectsHeld() else { return }
    let state = store.select { $0 }
    guard let broken = invariants.firstBroken(on: state, settled: true) else { return }
    let message = (["invariant \(broken.text) broken once the listeners settled after `\(action)`"] + broken.actualLines(on: state)).joined(separator: "\n")
    events.emit(.invariant(InvariantEvent(name: broken.text, holds: false, message: message)))
    report.invariantBroke(CommandError(message))
  }
}

extension SessionChecks {
  /// Sets a breakpoint, lists them or clears one or all (`break`); returns what to print.
  public func changeBreakpoints(_ change: BreakpointChange) throws(CommandError) -> [OutputLine] {
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
  /// made true, and writes the first into the report handed (`reporting(into:_:)`), whose line then stops.
  func checkBreakpoints(after action: String, origin: DispatchEvent.Origin, entry: Int?, old: State, new: State) {
    for breakpoint in breakpoints.crossed(from: old, to: new) {
      let stop = BreakEvent(
        number: breakpoint.number, predicate: breakpoint.text, action: action, origin: origin, entry: entry, location: report.location,
        value: breakpoint.value(on: new), chain: entry.map(why.causeChain(ofEntryAt:)) ?? [])
      events.emit(.breakpoint(stop))
      report.breakFired(stop)
    }
  }

  /// The breakpoints as a tailing shell checks them on the app's actions, off the main actor; nil when
  /// none is set.
  public func tailBreaks() -> TailBreaks? {
    let breakpoints = breakpoints.all
    guard !breakpoints.isEmpty else { return nil }
    return { text, old, new in
      guard let old = old as? State, let new = new as? State else { return [] }
      return breakpoints.filter { $0.isCrossed(from: old, to: new) }.map { breakpoint in
        BreakEvent(number: breakpoint.number, predicate: breakpoint.text, action: text, origin: .app, entry: nil, value: breakpoint.value(on: new))
      }
    }
  }
}
