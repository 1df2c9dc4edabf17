import ImmutableData

/// A running domain: its store, composed with the parts that each keep one concern of the session —
/// the history, the watches, the settling and the navigation of the state. What it does goes out
/// as events on the shell's stream; nothing is kept for a command to collect.
@MainActor package final class DomainSession<State: Sendable, Action: Decodable & Equatable & Sendable>: AnyDomainSession {
  package let domainName: String
  package let catalog: ActionCatalog
  package let selectors: [SelectorDefinition<State, Action>]
  package let store: SessionStore<State, Action>
  /// Where everything the session does goes, in order.
  package let events: SessionEventStream
  /// Diffs this domain's states, with its own specialized dictionary comparisons.
  package let stateDiff: StateDiff
  /// What the domain's listeners keep alive while the session runs.
  package var keepAlive: (any Sendable)?
  package let history: SessionHistory<State, Action>
  /// The paths each history entry changed, for `why` and `history --changed`.
  package let changeIndex = ChangeIndex()
  /// The last dispatch that was not a listener's, then what listeners dispatched after it: what `diff` prints.
  package private(set) var lastDispatch: [DispatchEvent] = []
  package var watches = WatchList<State, Action>() {
    didSet { isWatching = !watches.isEmpty }
  }
  /// Whether anything is watched, kept beside `watches`: a dispatch reads it without reaching
  /// into the generic list (whose type metadata is looked up on every use in unspecialized code).
  package private(set) var isWatching = false
  /// The action cases `hide` keeps out of the output.
  package var hiddenActions = HiddenActions()
  package let settler: Settler
  package let actionCache = ActionCache<Action>()
  /// The invariants checked after every dispatch.
  package var invariants = InvariantList<State>() {
    didSet { hasInvariants = !invariants.all.isEmpty }
  }
  /// Whether any invariant is set, kept beside `invariants` as `isWatching` is beside `watches`.
  private(set) var hasInvariants = false
  /// An invariant a dispatch broke, kept until the line that is running fails with it.
  package var brokenInvariant: CommandError?
  /// The last action the reducer rejected, dispatched or replayed from a recording: what
  /// `shrink rejects` shrinks toward when it names none.
  package var lastRejection: RejectedAction?
  /// The breakpoints every dispatch checks (`break when`).
  package var breakpoints = BreakpointList<State>() {
    didSet { hasBreakpoints = !breakpoints.all.isEmpty }
  }
  /// Whether any breakpoint is set, kept beside `breakpoints` as `hasInvariants` is.
  private(set) var hasBreakpoints = false
  /// The first breakpoint a dispatch made true, kept until the line that is running stops with it.
  package var firedBreak: BreakEvent?
  /// The script line running (`file.txt:12`), which a breakpoint's report names; nil when typed.
  package var lineLocation: String?
  /// The reducer alone, as `explore` runs it on states and `fork` on a copy of a live state.
  package let reducer: @Sendable (State, Action) throws -> State
  /// Whether two states differ, when the state is `Equatable`; nil otherwise.
  package let statesDiffer: (@Sendable (State, State) -> Bool)?
  /// The case paths dispatched that the catalog lacks, each noted once.
  private var notedMissingCases: Set<[String]> = []
  /// Whether the store is the session's own, a live app's, or a fork of one.
  package var liveness = Liveness.local
  /// How the domain runs its listeners with held effects, for `explore --effects`; nil when it cannot.
  package var domainEffects: DomainEffects<State, Action>?
  /// What the domain was started with, for the listeners `explore --effects` starts in each run.
  package var startContext: DomainContext?
  /// What holds the listeners' side effects in a session started with `--effects`; nil otherwise.
  package var effectScheduler: EffectScheduler?
  /// The held effects completed or failed in this session (`complete N`, `fail N`), in order,
  /// each after the history entry that was last then: what `shrink` replays beside the dispatches.
  package var releasedEffects: [ReleasedEffect] = []

  package init(
    domainName: String, catalog: ActionCatalog, selectors: [SelectorDefinition<State, Action>], initialState: State,
    reducer: @escaping @Sendable (State, Action) throws -> State, stateDiff: StateDiff, events: SessionEventStream,
    settleTimeout: Duration, store: SessionStore<State, Action>? = nil
  ) {
    self.stateDiff = stateDiff
    self.domainName = domainName
    self.catalog = catalog
    self.selectors = selectors
    self.reducer = reducer
    self.store = store ?? SessionStore(initialState: initialState, reducer: reducer)
    self.statesDiffer = StateEquality.differ(State.self)
    self.history = SessionHistory(initialState: initialState)
    self.events = events
    self.settler = Settler(activity: self.store.activity, timeout: settleTimeout)
    // Weak: a listener task can outlive its session and still dispatch into the store.
    self.store.didDispatch = { [weak self] old, action, new, origin, cause, text in
      self?.record(old: old, action: action, new: new, origin: origin, cause: cause, text: text)
    }
    self.store.didReject = { [weak self] action, error, origin, text in
      self?.recordRejection(of: action, error: error, origin: origin, text: text)
    }
  }

  /// Told when a wait for listeners starts and ends.
  package var onWaiting: (@MainActor (Bool) -> Void)? {
    get { settler.onWaiting }
    set { settler.onWaiting = newValue }
  }

  package var selectorSignatures: [(name: String, signature: String, parameters: [(label: String, completions: [String])])] {
    selectors.map { ($0.name, $0.signature, $0.parameters.map { ($0.label, $0.completions) }) }
  }

  package func close() async {
    // A live store is the app's: its listeners go on after the shell detaches.
    if case .live = liveness { return }
    store.finishStreams()
    if let effectScheduler {
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
  package func dispatch(_ typed: ParsedValue, key: String, as mode: DispatchMode) async throws(CommandError) -> DispatchOutcome {
    guard case .dispatch(let origin, let line) = mode else { return try reduceWithoutDispatching(typed, key: key) }
    if case .live(allowsWrites: false) = liveness {
      throw CommandError(
        "the live store is read-only: the app opened its attachment without writes; type `fork` to dispatch into a sandbox copy of the state (or open the attachment with `allowsWrites: true`)")
    }
    let (action, text) = try actionCache.action(for: typed, key: key, catalog: catalog)
    do {
      try store.dispatch(action, origin: origin, cause: line.map { .line($0) }, text: text)
    } catch {
      lastRejection = RejectedAction(action: action, text: text, position: history.position)
      return .rejected(String(describing: error))
    }
    // Listeners with nothing left to do (or none): no wait, and no asynchronous call to make one.
    if settler.isIdle {
      emitSettledIfListening(requested: false)
    } else {
      try await settle(requested: false)
    }
    return .dispatched
  }

  private func reduceWithoutDispatching(_ typed: ParsedValue, key: String) throws(CommandError) -> DispatchOutcome {
    let (action, _) = try actionCache.action(for: typed, key: key, catalog: catalog)
    do {
      _ = try reducer(store.select { $0 }, action)
      return .dispatched
    } catch {
      return .rejected(String(describing: error))
    }
  }

  package func settle(requested: Bool) async throws(CommandError) {
    if let effectScheduler {
      // Held effects never finish by themselves: settled is when the listeners stop moving.
      guard await effectScheduler.settle() else {
        throw CommandError("the listeners kept dispatching without end; the session may be out of date")
      }
      emitSettledIfListening(requested: requested)
      return
    }
    // The closure does not escape the wait: no capture list, no reference counting per dispatch.
    try await settler.settle { back in
      history.action(dispatchedBack: back).flatMap { try? actionText($0) }
    }
    emitSettledIfListening(requested: requested)
  }

  /// The end of a wait: a domain without listeners has nothing to settle, unless `settle` asks.
  private func emitSettledIfListening(requested: Bool) {
    if hasInvariants { checkSettledInvariants(after: lastDispatch.first?.action ?? "") }
    if requested || store.hasListeners {
      events.emit(.settled(SettleEvent(requested: requested)))
    }
  }

  /// The action as the shell writes it, and its case path.
  package func describe(_ action: Action) throws(CommandError) -> (text: String, path: [String]?) {
    let value = try ValueEncoder.encodeForShell(action)
    return (catalog.text(for: value), catalog.path(of: value))
  }

  /// The action as the shell writes it.
  package func actionText(_ action: Action) throws(CommandError) -> String {
    try describe(action).text
  }

  /// A note, once per case, when an action's case is not in the catalog: the shell can print it
  /// but not read it back, complete it or list it.
  package func noteIfMissing(_ path: [String]?) {
    guard let path, !catalog.cases.contains(where: { $0.path == path }), notedMissingCases.insert(path).inserted else { return }
    let name = path.joined(separator: ".")
    events.emit(.note("`\(name)` is not in the \(domainName) domain's action catalog: add an example of it to `actionExamples`, so that it can be typed, completed and listed"))
  }

  /// Remembers `event` for `diff`: a dispatch that is not a listener's starts it afresh.
  package func rememberForDiff(_ event: DispatchEvent) {
    if event.origin != .listener {
      // The usual case, one dispatch replacing one, without emptying the array first.
      if lastDispatch.count == 1 {
        lastDispatch[0] = event
        return
      }
      lastDispatch.removeAll(keepingCapacity: true)
    }
    lastDispatch.append(event)
  }

  /// The current state as a `Value`.
  package func stateValue() throws(CommandError) -> Value {
    try ValueEncoder.encodeForShell(store.select { $0 })
  }

  package func stateEncoding() -> @Sendable () throws(CommandError) -> Value {
    let state = store.select { $0 }
    return { () throws(CommandError) -> Value in try ValueEncoder.encodeForShell(state) }
  }

  package func state(at path: StatePath, column: Int) throws(CommandError) -> Value {
    try StateNavigator(root: stateValue()).value(at: path, column: column)
  }

  package func historyLines(full: Bool) -> [OutputLine] {
    history.lines(full: full)
  }

  package func hide(_ pattern: ActionPattern?, column: Int) throws(CommandError) -> [OutputLine] {
    guard let pattern else { return hiddenActions.lines }
    return try hiddenActions.add(pattern, catalog: catalog, column: column)
  }

  package func unhide(_ pattern: ActionPattern?, column: Int) throws(CommandError) -> [OutputLine] {
    try hiddenActions.remove(pattern, column: column)
  }
}

extension DomainSession {
  /// A session over an app's live `store`, which it neither owns nor closes.
  package static func live(
    domainName: String, catalog: ActionCatalog, selectors: [SelectorDefinition<State, Action>], store: Store<State, Action>,
    reducer: @escaping @Sendable (State, Action) throws -> State, stateDiff: StateDiff, events: SessionEventStream,
    allowsWrites: Bool
  ) -> DomainSession {
    let session = DomainSession(
      domainName: domainName, catalog: catalog, selectors: selectors, initialState: store.select { $0 }, reducer: reducer,
      stateDiff: stateDiff, events: events, settleTimeout: .seconds(60), store: SessionStore(wrapping: store))
    session.liveness = .live(allowsWrites: allowsWrites)
    return session
  }

  package func forked() -> any AnyDomainSession {
    let fork = DomainSession(
      domainName: domainName, catalog: catalog, selectors: selectors, initialState: store.select { $0 }, reducer: reducer,
      stateDiff: stateDiff, events: events, settleTimeout: settler.timeout)
    fork.liveness = .fork
    fork.hiddenActions = hiddenActions
    fork.breakpoints = breakpoints
    return fork
  }
}
