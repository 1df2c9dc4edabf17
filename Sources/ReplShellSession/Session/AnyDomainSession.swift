import StateValues
/// What the shell asks of a running domain session on every line, whatever its state and action
/// types; everything else a command, Tab or the inspector does reaches the typed
/// `DomainSession` through the one generic opening, `read`: a `SessionReader` runs at once on the
/// typed session, and work that waits (a `SessionOpener`) is bound to it there and awaited by
/// `open`, an extension built on `read`. What a session does while it runs — dispatches,
/// listeners' work, watches — it emits as events.
@MainActor public protocol AnyDomainSession: AnyObject {
  /// The domain's name, for the prompt.
  var domainName: String { get }
  /// Decodes an action and either dispatches it (then settles) or only runs the reducer on the
  /// current state (`DispatchMode.trial`); `key` is the action written back as typed, under
  /// which its decoding is cached.
  func dispatch(_ typed: ParsedValue, key: String, as mode: DispatchMode) async throws(CommandError) -> DispatchOutcome
  /// Where the state stands in the history, recorded with every line that succeeds.
  var historyMark: HistoryMark { get }
  /// Ends the listeners and closes what the domain keeps open.
  func close() async
  /// Where the store lives (the session's own, a live app's, or a fork of one), and what that allows.
  var backend: SessionBackend { get }
  /// A local sandbox session on a copy of the current state: no listeners, its own history.
  func forked() -> any AnyDomainSession
  /// Runs `reader` on the session with its state and action types, at once, on the main actor:
  /// the one generic opening. Commands, Tab, the inspector and an attachment read through it;
  /// work that waits (settle, release, explore, shrink, replay) goes through `open`, which binds
  /// its `SessionOpener` to the typed session here and then awaits it.
  func read<R: SessionReader>(_ reader: R) throws(R.Failure) -> R.Result
}

/// How an action goes to a session.
public enum DispatchMode {
  /// Dispatched into the store by `line` (for its origin, caused by it), then the listeners
  /// settle; what the dispatch and the listeners' break or make true goes into the line's report.
  case dispatch(by: LineSource)
  /// Only run through the reducer on a copy of the current state: nothing is dispatched, no
  /// listener runs, and the state and history stay as they were (`expect error`).
  case trial
}

/// A value a selector's output is checked against: equal to it, or (`equals` false) not.
/// A change to the invariants.
public enum InvariantChange {
  /// Holds a selector's output to a predicate after every dispatch, or (`settled`) whenever the
  /// listeners are done and no side effect is held.
  case add(Predicate, settled: Bool)
  /// Lists them, as `invariant` alone does.
  case list
  /// Drops every one.
  case clear
}

/// A change to the watched selectors.
public enum WatchChange {
  /// Starts watching a selector.
  case add(SelectorCall)
  /// Stops watching one selector, or all (nil).
  case remove(String?)
  /// Re-evaluates every watch on the current state and prints those that changed with the next line.
  case refresh
}

/// How a dispatch ended; either way its event is on the session's stream.
public enum DispatchOutcome {
  /// The reducer accepted the action and the listeners settled.
  case dispatched
  /// The reducer threw; the state is unchanged.
  case rejected(String)
}

/// A move along the history.
public enum TimeTravel {
  /// Takes back the last dispatch that was not a listener's, with what its listeners dispatched.
  case undo
  /// Moves forward over the next undone dispatch.
  case redo
  /// The state after history entry `to` (0: the initial state); `column` is where errors point.
  case jump(to: Int, column: Int)
}
