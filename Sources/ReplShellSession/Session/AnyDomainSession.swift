/// What commands ask of a running domain session, whatever its state and action types. What a
/// session does while it runs — dispatches, listeners' work, watches — it emits as events.
@MainActor package protocol AnyDomainSession: AnyObject {
  /// The domain's name, for the prompt.
  var domainName: String { get }
  /// The domain's action cases.
  var catalog: ActionCatalog { get }
  /// Every selector: its name, signature and parameters with their completions.
  var selectorSignatures: [(name: String, signature: String, parameters: [(label: String, completions: [String])])] { get }
  /// The last dispatch that was not a listener's and what listeners dispatched after it, for `diff`.
  var lastDispatch: [DispatchEvent] { get }
  /// Decodes an action and either dispatches it (then settles) or only runs the reducer on the
  /// current state (`DispatchMode.trial`); `key` is the action written back as typed, under
  /// which its decoding is cached.
  func dispatch(_ typed: ParsedValue, key: String, as mode: DispatchMode) async throws(CommandError) -> DispatchOutcome
  /// A selector's output on the current state, for `select` to print.
  func select(_ call: SelectorCall) throws(CommandError) -> Value
  /// Checks a predicate on the current state and says `ok`, or fails with the actual output.
  func expect(_ predicate: Predicate) throws(CommandError) -> [OutputLine]
  /// Adds, lists or clears the invariants every dispatch checks.
  func changeInvariants(_ change: InvariantChange) throws(CommandError) -> [OutputLine]
  /// Sets, lists or clears the breakpoints every dispatch checks (`break`).
  func changeBreakpoints(_ change: BreakpointChange) throws(CommandError) -> [OutputLine]
  /// The breakpoints as `tail` checks them on the app's actions, off the main actor; nil when none is set.
  func tailBreaks() -> TailBreaks?
  /// The part of the state at `path`; an error points at `column`.
  func state(at path: StatePath, column: Int) throws(CommandError) -> Value
  /// The current state, taken now and encoded as a `Value` when the returned function is called,
  /// on any thread: a large state is written out without holding the main actor.
  func stateEncoding() -> @Sendable () throws(CommandError) -> Value
  /// The lines of `history`: long actions folded to `(…)`, or every one whole when `full`.
  func historyLines(full: Bool) -> [OutputLine]
  /// The lines of `history`: long actions folded to `(…)`, or every one whole when `full`; as a
  /// tree of causes with `tree`; only the entries that changed the value at `changed` when given
  /// (an error about that path points at `column`).
  func historyLines(full: Bool, tree: Bool, changed: StatePath?, column: Int) throws(CommandError) -> [OutputLine]
  /// The lines of `why`: the applied entry that last changed the value at `path` (every one with
  /// `all`), its value before and after, and its chain of causes; errors point at `column`.
  func why(_ path: StatePath, all: Bool, column: Int) throws(CommandError) -> [OutputLine]
  /// The applied entry that last changed the value at `path`, as `history` numbers and writes
  /// it; nil when none did.
  func lastChange(of path: StatePath) throws(CommandError) -> (entry: Int, action: String)?
  /// Starts or stops watching a selector, or re-evaluates the watches on the current state (a
  /// live store changed by the app's own actions).
  func changeWatches(_ change: WatchChange) throws(CommandError) -> [OutputLine]
  /// Where the state stands in the history, recorded with every line that succeeds.
  var historyMark: HistoryMark { get }
  /// How many entries the history lists and the position of each entry the state has applied,
  /// by serial: what `jump` completes and `save` writes.
  var historyPosition: HistoryPosition { get }
  /// Moves the state along the history (`undo`, `redo`, `jump`); dispatches nothing.
  func travel(_ move: TimeTravel) throws(CommandError)
  /// Hides the actions `pattern` matches from what dispatches print; nil lists what is hidden.
  func hide(_ pattern: ActionPattern?, column: Int) throws(CommandError) -> [OutputLine]
  /// Shows what `pattern` hid again, or everything hidden when nil.
  func unhide(_ pattern: ActionPattern?, column: Int) throws(CommandError) -> [OutputLine]
  /// Waits for listeners to finish; `requested` when `settle` asked.
  func settle(requested: Bool) async throws(CommandError)
  /// The side effects held now (`use <domain> --effects`), oldest first.
  func heldEffects() throws(CommandError) -> [EffectScheduler.Effect]
  /// Completes, or fails, held effect `number` and waits for what its listener does next.
  func release(effect number: Int, failing: Bool, column: Int) async throws(CommandError)
  /// Ends the listeners and closes what the domain keeps open.
  func close() async
  /// The action cases `hide` keeps out of the output.
  var hiddenActions: HiddenActions { get }
  /// Where the store lives (the session's own, a live app's, or a fork of one), and what that allows.
  var backend: SessionBackend { get }
  /// Whether any selector is watched.
  var isWatching: Bool { get }
  /// A local sandbox session on a copy of the current state: no listeners, its own history.
  func forked() -> any AnyDomainSession
  /// Runs `opener` on the session with its state and action types: how explore, shrink and
  /// replay reach the typed session.
  func open<O: SessionOpener>(_ opener: O) async throws(CommandError) -> O.Result
}

/// How an action goes to a session.
package enum DispatchMode {
  /// Dispatched into the store for `origin` by `line` (nil when no line is known), then the listeners settle.
  case dispatch(origin: DispatchEvent.Origin, line: DispatchEvent.Cause?)
  /// Only run through the reducer on a copy of the current state: nothing is dispatched, no
  /// listener runs, and the state and history stay as they were (`expect error`).
  case trial
}

/// A value a selector's output is checked against: equal to it, or (`equals` false) not.
/// A change to the invariants.
package enum InvariantChange {
  /// Holds a selector's output to a predicate after every dispatch, or (`settled`) whenever the
  /// listeners are done and no side effect is held.
  case add(Predicate, settled: Bool)
  /// Lists them, as `invariant` alone does.
  case list
  /// Drops every one.
  case clear
}

/// A change to the watched selectors.
package enum WatchChange {
  /// Starts watching a selector.
  case add(SelectorCall)
  /// Stops watching one selector, or all (nil).
  case remove(String?)
  /// Re-evaluates every watch on the current state and prints those that changed with the next line.
  case refresh
}

/// How a dispatch ended; either way its event is on the session's stream.
package enum DispatchOutcome {
  /// The reducer accepted the action and the listeners settled.
  case dispatched
  /// The reducer threw; the state is unchanged.
  case rejected(String)
}

/// A move along the history.
package enum TimeTravel {
  /// Takes back the last dispatch that was not a listener's, with what its listeners dispatched.
  case undo
  /// Moves forward over the next undone dispatch.
  case redo
  /// The state after history entry `to` (0: the initial state); `column` is where errors point.
  case jump(to: Int, column: Int)
}
