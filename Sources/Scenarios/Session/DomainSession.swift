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
  /// What the user's own dispatch printed, kept between the store's report and `dispatch` returning it.
  private var userDispatchLines: [OutputLine] = []
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
    let printed = userDispatchLines
    userDispatchLines = []
    do {
      try await settle()
    } catch {
      throw error.preceded(by: printed)
    }
    lastDispatchLines = currentDiffLines
    currentDiffLines = []
    return .dispatched(printed)
  }

  func settle() async throws(CommandError) {
    try await settler.settle { [unowned self] back in
      history.action(dispatchedBack: back).flatMap { try? actionText($0) }
    }
  }

  /// Records a dispatch the store reports: history, diff, debug output and watches. The user's own
  /// dispatch keeps its lines for `dispatch` to return; a listener's goes to the buffer, since it
  /// arrives while a command waits. An action `hide` matches prints nothing unless `debug actions` is on.
  private func record(old: State, action: Action, new: State) {
    let byListener = !dispatchingUserAction
    let hidden = isHidden(action)
    history.append(action, byListener: byListener, isHidden: hidden, state: new)
    if !byListener {
      currentDiffLines = []
    }
    var lines: [OutputLine] = []
    if !hidden || buffer.isEnabled(.actions) {
      lines = printedLines(old: old, action: action, new: new, byListener: byListener)
    }
    lines += watches.update(state: new, action: action, logsSelectors: buffer.isEnabled(.selectors))
    if byListener {
      buffer.append(contentsOf: lines)
    } else {
      userDispatchLines = lines
    }
  }

  /// What a dispatch prints: the action in full when `debug actions` is on, the listener's action
  /// if a listener dispatched it, the diff, and the whole new state when `debug state` is on.
  private func printedLines(old: State, action: Action, new: State, byListener: Bool) -> [OutputLine] {
    var lines: [OutputLine] = []
    var diffLines: [OutputLine] = []
    do throws(CommandError) {
      if byListener || buffer.isEnabled(.actions) {
        let text = try actionText(action)
        if buffer.isEnabled(.actions) {
          lines.append(.log(.actions, text))
        }
        if byListener {
          diffLines.append(.note("↳ \(Self.shortened(text))   (listener)"))
        }
      }
      let diff = try stateDiff.lines(from: old, to: new)
      diffLines += diff.isEmpty ? [.note("no change")] : diff
    } catch {
      diffLines = [.error(error.message)]
    }
    currentDiffLines += diffLines
    lines += diffLines
    if buffer.isEnabled(.state) {
      do {
        lines += ValuePrinter.pretty(try ValueEncoder.encodeForShell(new)).map { .log(.state, $0) }
      } catch {
        lines.append(.error(error.message))
      }
    }
    return lines
  }

  /// Whether `hide` matches the action; an action that cannot be written out is never hidden.
  private func isHidden(_ action: Action) -> Bool {
    guard !hiddenActions.patterns.isEmpty, let value = try? ValueEncoder.encodeForShell(action),
      let path = catalog.path(of: value)
    else { return false }
    return hiddenActions.hides(path)
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
