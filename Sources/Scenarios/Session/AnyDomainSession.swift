/// What the shell asks of a running domain session, whatever its state and action types.
@MainActor protocol AnyDomainSession: AnyObject {
  /// The domain's name, for the prompt.
  var domainName: String { get }
  /// The domain's action cases.
  var catalog: ActionCatalog { get }
  /// Every selector: its name, signature and parameters with their completions.
  var selectorSignatures: [(name: String, signature: String, parameters: [(label: String, completions: [String])])] { get }
  /// Told when a wait for listeners starts and ends.
  var onWaiting: (@MainActor (Bool) -> Void)? { get set }
  /// The lines the last user dispatch printed, for `diff`.
  var lastDispatchLines: [OutputLine] { get }
  /// Decodes and dispatches an action, then settles; returns what the dispatch itself printed.
  func dispatch(_ typed: ParsedValue) async throws(CommandError) -> DispatchOutcome
  /// A selector's output on the current state.
  func select(_ call: SelectorCall) throws(CommandError) -> [OutputLine]
  /// Checks a selector's output against a value.
  func expect(_ call: SelectorCall, equals expected: ParsedValue) throws(CommandError) -> [OutputLine]
  /// The part of the state at `path`.
  func state(at path: [String], column: Int) throws(CommandError) -> [OutputLine]
  /// The state paths that complete `prefix`.
  func statePaths(matching prefix: String) -> [String]
  /// The lines of `history`.
  func historyLines() throws(CommandError) -> [OutputLine]
  /// Starts watching a selector.
  func watch(_ call: SelectorCall) throws(CommandError) -> [OutputLine]
  /// Stops watching one selector, or all.
  func unwatch(_ name: String?) throws(CommandError) -> [OutputLine]
  /// How many entries the history lists.
  var historyCount: Int { get }
  /// Where the state stands in the history.
  var historyMark: HistoryMark { get }
  /// The position of each history entry the state has applied, by serial.
  var appliedPositions: [Int: Int] { get }
  /// Takes back the last user dispatch and what its listeners dispatched; returns what it printed.
  func undo() throws(CommandError) -> [OutputLine]
  /// Moves forward over the next undone user dispatch; returns what it printed.
  func redo() throws(CommandError) -> [OutputLine]
  /// Sets the state to the one after history entry `target` (0: the initial state); returns what it printed.
  func jump(to target: Int, column: Int) throws(CommandError) -> [OutputLine]
  /// Hides the actions `pattern` matches from what dispatches print; nil lists what is hidden.
  func hide(_ pattern: [String]?, column: Int) throws(CommandError) -> [OutputLine]
  /// Waits for listeners to finish; what they print while it waits is in the output buffer.
  func settle() async throws(CommandError)
  /// Ends the listeners and closes what the domain keeps open.
  func close() async
}

/// How a dispatch ended.
enum DispatchOutcome {
  /// The reducer accepted the action: the lines its own dispatch printed (debug lines, diff,
  /// watches). What listeners dispatched while the store settled is in the output buffer.
  case dispatched([OutputLine])
  /// The reducer threw; the state is unchanged.
  case rejected(String)
}
