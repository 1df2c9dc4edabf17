import ImmutableData
import ReplShellDomain
import SessionProtocol
import StateValues

/// A running domain: its store, composed with the components that each keep one concern of the
/// session — the timeline (store, history, settling, time travel), the checks (watches,
/// invariants, breakpoints), the why index, the side effects and the printer of actions — and
/// the backend that says where the store lives. What it does goes out as events on the shell's
/// stream; nothing is kept for a command to collect.
@MainActor public final class DomainSession<State: Sendable, Action: Decodable & Equatable & Sendable>: AnyDomainSession {
  /// The domain's name, for the prompt.
  public let domainName: String
  /// Where everything the session does goes, in order.
  public let events: SessionEventStream
  /// Diffs this domain's states, with its own specialized dictionary comparisons.
  public let stateDiff: StateDiff
  /// The reducer alone, as `explore` runs it on states and `fork` on a copy of a live state.
  public let reducer: @Sendable (State, Action) throws -> State
  /// Whether two states differ, when the state is `Equatable`; nil otherwise.
  public let statesDiffer: (@Sendable (State, State) -> Bool)?
  /// What the domain's listeners keep alive while the session runs.
  public var keepAlive: (any Sendable)?
  /// Where the store lives: the session's own, a live app's, or a fork of one.
  public private(set) var backend: SessionBackend
  /// The store, its history, the wait for its listeners and moving along the history.
  public let timeline: SessionTimeline<State, Action>
  /// The watches, invariants and breakpoints, and the selectors they use.
  public let checks: SessionChecks<State, Action>
  /// The paths each entry changed, and `why`.
  public let whyIndex: WhyIndex<State, Action>
  /// The listeners' side effects, held or not.
  public let effects: SessionEffects<State, Action>
  /// How actions are written, and which are hidden.
  public let printer: ActionPrinter<State, Action>
  /// On an app's store that a tap follows (an attachment's), the tap's numbers of the dispatches
  /// this session made itself, which `recordAppActions` leaves out: they are recorded already.
  private(set) var ownTappedDispatches: [Int] = []
  /// On an app's store, how many dispatches its tap has recorded, nil while none runs: right after
  /// a dispatch, that dispatch's number (`Store.tappedCount`). Nil for a session's own store.
  private var tappedCount: (@MainActor () -> Int?)?

  /// A session of `domainName` starting at `initialState`, on `store` or else a store of its own, where
  /// `backend` says it lives; a wait for its listeners gives up after `settleTimeout`.
  public init(
    domainName: String, catalog: ActionCatalog, selectors: [SelectorDefinition<State, Action>], initialState: State,
    reducer: @escaping @Sendable (State, Action) throws -> State, stateDiff: StateDiff, events: SessionEventStream,
    settleTimeout: Duration, store: SessionStore<State, Action>? = nil, backend: SessionBackend = .local
  ) {
    self.stateDiff = stateDiff
    self.domainName = domainName
    self.reducer = reducer
    self.statesDiffer = StateEquality.differ(State.self)
    self.events = events
    self.backend = backend
    let timeline = SessionTimeline(
      store: store ?? SessionStore(initialState: initialState, reducer: reducer), initialState: initialState, settleTimeout: settleTimeout)
    self.timeline = timeline
    timeline.history.marksAppActions = backend.isAppStore
    let whyIndex = WhyIndex(timeline: timeline, backend: backend)
    self.whyIndex = whyIndex
    self.checks = SessionChecks(selectors: selectors, timeline: timeline, why: whyIndex, events: events)
    self.effects = SessionEffects(domainName: domainName)
    self.printer = ActionPrinter(domainName: domainName, catalog: catalog, events: events)
    // Weak: a listener task can outlive its session and still dispatch into the store.
    timeline.store.didDispatch = { [weak self] old, action, new, origin, cause, text in
      self?.record(old: old, action: action, new: new, origin: origin, cause: cause, text: text)
    }
    timeline.store.didReject = { [weak self] action, error, origin, text in
      self?.recordRejection(of: action, error: error, origin: origin, text: text)
    }
  }

  /// The store the session drives.
  public var store: SessionStore<State, Action> { timeline.store }

  /// Where the state stands in the history, recorded with every line that succeeds.
  public var historyMark: HistoryMark { timeline.historyMark }

  /// Ends the listeners and closes what the domain keeps open; a live store is the app's, and left running.
  public func close() async {
    // A live store is the app's: its listeners go on after the shell detaches.
    guard backend.closesStore else { return }
    store.finishStreams()
    if let effectScheduler = effects.effectScheduler {
      effectScheduler.cancelAll()
      // The listeners' tasks end with their streams: they need serializing no longer.
      MainSerialExecution.close(effectScheduler.lane)
    }
    if let resource = keepAlive as? any SessionResource {
      await resource.close()
    }
    keepAlive = nil
  }
}

extension DomainSession {
  /// Decodes an action and either dispatches it, then waits for the listeners to settle, or only runs the
  /// reducer on the current state (`DispatchMode.trial`); its decoding is cached under `key`.
  public func dispatch(_ typed: ParsedValue, key: String, as mode: DispatchMode) async throws(CommandError) -> DispatchOutcome {
    guard case .dispatch(let line) = mode else { return try reduceWithoutDispatching(typed, key: key) }
    switch try dispatchWithoutWaiting(typed, key: key, by: line) {
    case .ended(let outcome):
      return outcome
    case .waitsForListeners:
      try await settle(requested: false, reportingTo: line.report)
      return .dispatched
    }
  }

  /// The part of a dispatch that does not wait, kept out of the asynchronous function: an async
  /// function sets up everything it might hold (here a rejected action's generic type) before its
  /// first line, and this runs on every dispatch.
  private func dispatchWithoutWaiting(_ typed: ParsedValue, key: String, by line: LineSource) throws(CommandError) -> DispatchStep {
    if let refusal = backend.writeRefusal { throw refusal }
    let (action, text) = try timeline.actionCache.action(for: typed, key: key, catalog: printer.catalog)
    var step = DispatchStep.ended(.dispatched)
    do {
      // The store's callback records the dispatch and runs the checks, which write into the line's report.
      try checks.reporting(into: line.report) {
        try store.dispatch(action, origin: line.origin, cause: line.cause.map { .line($0) }, text: text)
        // Listeners with nothing left to do (or none): no wait, and no asynchronous call to make one.
        if timeline.settler.isIdle {
          emitSettledIfListening(requested: false)
        } else {
          step = .waitsForListeners
        }
      }
    } catch {
      timeline.lastRejection = RejectedAction(action: action, text: text, position: timeline.history.position)
      return .ended(.rejected(String(describing: error)))
    }
    return step
  }

  private func reduceWithoutDispatching(_ typed: ParsedValue, key: String) throws(CommandError) -> DispatchOutcome {
    let (action, _) = try timeline.actionCache.action(for: typed, key: key, catalog: printer.catalog)
    do {
      _ = try reducer(store.select { $0 }, action)
      return .dispatched
    } catch {
      return .rejected(String(describing: error))
    }
  }

  /// Waits until the listeners have finished; what their dispatches break or make true meanwhile
  /// goes into `report`, the report of the line that waits.
  public func settle(requested: Bool, reportingTo report: LineReport) async throws(CommandError) {
    try await checks.reporting(into: report) { () async throws(CommandError) in try await waitForListeners(requested: requested) }
  }

  private func waitForListeners(requested: Bool) async throws(CommandError) {
    if let effectScheduler = effects.effectScheduler {
      // Held effects never finish by themselves: settled is when the listeners stop moving.
      guard await effectScheduler.settle() else {
        throw CommandError("the listeners kept dispatching without end; the session may be out of date")
      }
      emitSettledIfListening(requested: requested)
      return
    }
    // The closure does not escape the wait: no capture list, no reference counting per dispatch.
    let history = timeline.history
    let printer = self.printer
    try await timeline.settler.settle { back in
      history.action(dispatchedBack: back).map { action in
        do throws(CommandError) {
          return try printer.actionText(action)
        } catch {
          return "(an action the shell cannot print: \(error.message))"
        }
      }
    }
    emitSettledIfListening(requested: requested)
  }

  /// The end of a wait: a domain without listeners has nothing to settle, unless `settle` asks.
  private func emitSettledIfListening(requested: Bool) {
    if checks.active.contains(.invariants) { checks.checkSettledInvariants(after: timeline.lastDispatch.first?.action ?? "", effectsHeld: effects.isHolding) }
    if requested || store.hasListeners {
      events.emit(.settled(SettleEvent(requested: requested)))
    }
  }

  /// Completes, or fails, held effect `number` and waits for what its listener does next, which
  /// goes into `report`, the report of the line that released it.
  public func release(effect number: Int, failing: Bool, column: Int, reportingTo report: LineReport) async throws(CommandError) {
    let history = timeline.history
    let after = history.position > 0 ? history.entries[history.position - 1].serial : 0
    try effects.release(effect: number, failing: failing, column: column, afterSerial: after)
    try await settle(requested: false, reportingTo: report)
  }

  /// Moves the state along the history (`undo`, `redo`, `jump`); the watches see where it went.
  public func travel(_ move: TimeTravel) throws(CommandError) {
    if let refusal = backend.travelRefusal { throw refusal }
    let checks = self.checks
    let events = self.events
    try timeline.travel(move, stateDiff: stateDiff, events: events) { new in
      checks.watches.update(state: new, action: nil, events: events)
    }
  }

  /// The current state, taken now and encoded when the returned function is called, on any thread.
  public func stateEncoding() -> @Sendable () throws(CommandError) -> Value {
    let state = store.select { $0 }
    return { () throws(CommandError) -> Value in try ValueEncoder.encodeForShell(state) }
  }

  /// The part of the current state at `path`, as the shell reads it; an error points at `column`.
  public func state(at path: StatePath, column: Int) throws(CommandError) -> Value {
    try StateNavigator(root: ValueEncoder.encodeForShell(store.select { $0 })).value(at: path, column: column)
  }
}

extension DomainSession {
  /// Records a dispatch the store reports and emits what it printed: the action in full when
  /// `debug actions` is on, the dispatch with its diff, the whole new state when `debug state` is
  /// on, then the watches that changed. An action `hide` matches is emitted without a diff, which
  /// is then not computed, unless `debug actions` is on.
  public func record(old: State, action: Action, new: State, origin: DispatchEvent.Origin, cause: HistoryCause?, text known: String?) {
    // The tap of an attached app reports this dispatch too, under this number.
    if let tappedCount, let number = tappedCount() { ownTappedDispatches.append(number) }
    let showsActions = events.debug.isEnabled(.actions)
    // Only what the app or its listeners dispatch is hidden: an action typed is always shown.
    let hidden = (origin == .listener || origin == .app) && printer.isHidden(action)
    let shown = !hidden || showsActions
    var text = known ?? ""
    var failure: CommandError?
    if known == nil {
      (text, failure) = printer.text(of: action)
    }
    let history = timeline.history
    let appended = history.append(action, text: text, origin: origin, cause: cause, isHidden: hidden, state: new)
    var diff: [OutputLine]?
    if shown {
      if let failure {
        diff = [.error(failure.message)]
      } else {
        if showsActions { events.emit(.log(LogLine(category: .actions, level: .debug, text: text))) }
        do {
          // The paths the diff finds changed are kept for `why`: no second walk of the states.
          let lines = try whyIndex.changeIndex.recording(serial: appended.serial) { (trail) throws(CommandError) in
            try stateDiff.lines(from: old, to: new, differ: statesDiffer, trail: &trail)
          }
          diff = lines.isEmpty ? [.note("no change")] : lines
        } catch {
          diff = [.error(error.message)]
        }
      }
    }
    let event = DispatchEvent(
      action: text, origin: origin, diff: diff, isHidden: !shown, entry: appended.position, cause: history.eventCause(of: cause))
    events.emit(.dispatched(event))
    timeline.rememberForDiff(event)
    if shown && events.debug.isEnabled(.state) {
      printer.emitState(new)
    }
    let checks = self.checks
    let active = checks.active
    if active.contains(.watches) { checks.watches.update(state: new, action: action, events: events) }
    if active.contains(.invariants) { checks.checkInvariants(after: text, state: new) }
    if active.contains(.breakpoints) { checks.checkBreakpoints(after: text, origin: origin, entry: appended.position, old: old, new: new) }
  }

  /// Records the app's own actions, as its tap described them and in the order the app
  /// dispatched them, into the history and the change index: `history` and `why` see them beside
  /// the shell's, marked as the app's; the invariants hold on them too. Nothing is printed
  /// (`tail` prints them) and the diff is not computed again. The reports of the session's own
  /// dispatches are left out: those are recorded already, as they happened.
  func recordAppActions(_ dispatches: [TappedDispatch]) {
    let history = timeline.history
    for dispatch in dispatches {
      // The numbers rise: an own dispatch below this report's was reported before, or dropped.
      while let own = ownTappedDispatches.first, own < dispatch.number { ownTappedDispatches.removeFirst() }
      if ownTappedDispatches.first == dispatch.number {
        ownTappedDispatches.removeFirst()
        continue
      }
      guard let action = dispatch.action as? Action, let state = dispatch.newState as? State else { continue }
      // The case path the tap found, rather than encoding the action again here.
      let isHidden = dispatch.path.map(printer.hiddenActions.hides) ?? false
      let appended = history.append(action, text: dispatch.text, origin: .app, cause: nil, isHidden: isHidden, state: state)
      if let changed = dispatch.changed { whyIndex.changeIndex.record(serial: appended.serial, paths: changed) }
      // A broken invariant goes into the mailbox the shell's next line claims, and fails it.
      if checks.active.contains(.invariants) { checks.checkInvariants(after: dispatch.text, state: state, byTheApp: true) }
    }
    // An app may dispatch without end: the history keeps the latest, dropped a tenth at a time.
    let limit = Self.liveHistoryLimit
    if history.entries.count >= limit + limit / 10 {
      let dropped = history.entries.count - limit
      let lastDropped = history.entries[dropped - 1].serial
      history.dropOldest(dropped)
      whyIndex.changeIndex.forget(through: lastDropped)
    }
  }

  /// The most entries a live store's history keeps as the app's actions come: each holds the
  /// state it led to.
  static var liveHistoryLimit: Int { 10_000 }

  /// Emits the reducer's rejection of an action; a listener's prints `↳ … rejected: <error>`.
  func recordRejection(of action: Action, error: any Error, origin: DispatchEvent.Origin, text known: String?) {
    let text = known ?? printer.text(of: action).text
    events.emit(.dispatched(DispatchEvent(action: text, origin: origin, diff: nil, rejection: String(describing: error))))
  }
}

extension DomainSession {
  /// A session over an app's live `store`, which it neither owns nor closes.
  public static func live(
    domainName: String, catalog: ActionCatalog, selectors: [SelectorDefinition<State, Action>], store: Store<State, Action>,
    reducer: @escaping @Sendable (State, Action) throws -> State, stateDiff: StateDiff, events: SessionEventStream,
    allowsWrites: Bool
  ) -> DomainSession {
    let session = DomainSession(
      domainName: domainName, catalog: catalog, selectors: selectors, initialState: store.select { $0 }, reducer: reducer,
      stateDiff: stateDiff, events: events, settleTimeout: .seconds(60), store: SessionStore(wrapping: store),
      backend: .live(allowsWrites: allowsWrites))
    session.tappedCount = { [weak store] in store?.tappedCount }
    return session
  }

  /// A local sandbox session on a copy of the current state: no listeners, its own history, the same
  /// hidden actions and breakpoints.
  public func forked() -> any AnyDomainSession {
    let fork = DomainSession(
      domainName: domainName, catalog: printer.catalog, selectors: checks.selectors, initialState: store.select { $0 }, reducer: reducer,
      stateDiff: stateDiff, events: events, settleTimeout: timeline.settler.timeout, backend: .fork)
    fork.printer.hiddenActions = printer.hiddenActions
    fork.checks.breakpoints = checks.breakpoints
    return fork
  }
}

/// Where a dispatch stands once the store has it: ended (accepted with nothing to wait for, or
/// rejected), or waiting for listeners that still have work.
private enum DispatchStep {
  case ended(DispatchOutcome)
  case waitsForListeners
}
