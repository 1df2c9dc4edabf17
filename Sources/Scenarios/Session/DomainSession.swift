/// A running domain: its store, composed with the parts that each keep one concern of the session —
/// the history, the watches, the settling and the navigation of the state.
@MainActor final class DomainSession<State: Sendable, Action: Decodable & Equatable & Sendable>: AnyDomainSession {
  let domainName: String
  let catalog: ActionCatalog
  let selectors: [SelectorDefinition<State, Action>]
  let store: SessionStore<State, Action>
  let buffer: OutputBuffer
  /// Diffs this domain's states, with its own specialized dictionary comparisons.
  let stateDiff: StateDiff
  /// What the domain's listeners keep alive while the session runs.
  var keepAlive: (any Sendable)?
  var history: SessionHistory<State, Action>
  private(set) var lastDispatchLines: [OutputLine] = []
  var watches = WatchList<State, Action>()
  /// The action cases `hide` keeps out of the output.
  var hiddenActions = HiddenActions()
  let settler: Settler
  var actionCache = ActionCache<Action>()
  private var dispatchingUserAction = false
  /// The diff lines of the dispatch under way and of what listeners dispatched after it.
  private var currentDiffLines: [OutputLine] = []

  init(
    domainName: String, catalog: ActionCatalog, selectors: [SelectorDefinition<State, Action>], initialState: State,
    reducer: @escaping @Sendable (State, Action) throws -> State, stateDiff: StateDiff, buffer: OutputBuffer,
    settleTimeout: Duration
  ) {
    self.stateDiff = stateDiff
    self.domainName = domainName
    self.catalog = catalog
    self.selectors = selectors
    self.store = SessionStore(initialState: initialState, reducer: reducer)
    self.history = SessionHistory(initialState: initialState)
    self.buffer = buffer
    self.settler = Settler(activity: store.activity, timeout: settleTimeout)
    store.didDispatch = { [unowned self] old, action, new in
      self.record(old: old, action: action, new: new)
    }
  }

  var onWaiting: (@MainActor (Bool) -> Void)? {
    get { settler.onWaiting }
    set { settler.onWaiting = newValue }
  }

  var selectorSignatures: [(name: String, signature: String, parameters: [(label: String, completions: [String])])] {
    selectors.map { ($0.name, $0.signature, $0.parameters.map { ($0.label, $0.completions) }) }
  }

  func close() async {
    store.finishStreams()
    if let resource = keepAlive as? any SessionResource {
      await resource.close()
    }
    keepAlive = nil
  }
}

extension DomainSession {
  func dispatch(_ typed: ParsedValue) async throws(CommandError) -> DispatchOutcome {
    let action = try actionCache.action(for: typed, catalog: catalog)
    dispatchingUserAction = true
    defer { dispatchingUserAction = false }
    do {
      try store.dispatch(action: action)
    } catch {
      return .rejected(String(describing: error))
    }
    dispatchingUserAction = false
    try await settle()
    lastDispatchLines = currentDiffLines
    currentDiffLines = []
    return .dispatched
  }

  func settle() async throws(CommandError) {
    try await settler.settle()
  }

  /// Records a dispatch the store reports: history, diff, debug output and watches; an action
  /// `hide` matches prints nothing unless `debug actions` is on.
  private func record(old: State, action: Action, new: State) {
    let byListener = !dispatchingUserAction
    let hidden = isHidden(action)
    history.append(action, byListener: byListener, isHidden: hidden, state: new)
    if !byListener {
      currentDiffLines = []
    }
    if !hidden || buffer.isEnabled(.actions) {
      print(old: old, action: action, new: new, byListener: byListener)
    }
    watches.update(state: new, action: action, buffer: buffer)
  }

  /// Prints a dispatch: its diff, and the whole new state when `debug state` is on.
  private func print(old: State, action: Action, new: State, byListener: Bool) {
    let lines: [OutputLine]
    do {
      lines = try dispatchLines(old: old, action: action, new: new, byListener: byListener)
    } catch {
      lines = [.error(error.message)]
    }
    currentDiffLines += lines
    buffer.append(contentsOf: lines)
    if buffer.isEnabled(.state) {
      do {
        buffer.append(contentsOf: ValuePrinter.pretty(try ValueEncoder.encodeForShell(new)).map { .log("state", $0) })
      } catch {
        buffer.append(.error(error.message))
      }
    }
  }

  /// Whether `hide` matches the action; an action that cannot be written out is never hidden.
  private func isHidden(_ action: Action) -> Bool {
    guard !hiddenActions.patterns.isEmpty, let value = try? ValueEncoder.encodeForShell(action),
      let path = catalog.path(of: value)
    else { return false }
    return hiddenActions.hides(path)
  }

  /// What a dispatch prints: the listener's action, if a listener dispatched it, and the diff.
  private func dispatchLines(old: State, action: Action, new: State, byListener: Bool) throws(CommandError) -> [OutputLine] {
    var lines: [OutputLine] = []
    if byListener || buffer.isEnabled(.actions) {
      let text = try actionText(action)
      if byListener {
        lines.append(.note("↳ \(Self.shortened(text))   (listener)"))
      }
      buffer.log(.actions, text)
    }
    let diff = try stateDiff.lines(from: old, to: new)
    return lines + (diff.isEmpty ? [.note("no change")] : diff)
  }

  /// The action as the shell writes it.
  func actionText(_ action: Action) throws(CommandError) -> String {
    catalog.text(for: try ValueEncoder.encodeForShell(action))
  }

  /// The current state as a `Value`.
  func stateValue() throws(CommandError) -> Value {
    try ValueEncoder.encodeForShell(store.select { $0 })
  }

  func state(at path: [String], column: Int) throws(CommandError) -> [OutputLine] {
    try StateNavigator(root: stateValue()).lines(at: path, column: column)
  }

  func statePaths(matching prefix: String) -> [String] {
    guard let root = try? stateValue() else { return [] }
    return StateNavigator(root: root).paths(matching: prefix)
  }

  func historyLines() throws(CommandError) -> [OutputLine] {
    try history.lines(text: actionText)
  }

  func hide(_ pattern: [String]?, column: Int) throws(CommandError) -> [OutputLine] {
    guard let pattern else { return hiddenActions.lines }
    return try hiddenActions.add(pattern, catalog: catalog, column: column)
  }
}
