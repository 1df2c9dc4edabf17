/// How much of one event an inspector's page is sent: a dispatch that fills a 64k-entry
/// dictionary has a diff as long as the state, and a listener's action can carry a whole feed
/// (`didFetchQuakes(result: .success(quakes: [64,000 quakes]))`); neither may reach the page
/// whole, nor cross an attachment's socket whole.
package enum InspectorEventCut {
  /// The most lines of a diff a page is sent.
  package static let diffLineLimit = 2_000

  /// The most characters of an action a page is sent.
  package static let actionLengthLimit = 2_000

  /// `event` with a diff longer than `diffLineLimit` cut to that many lines, the last of which
  /// says how many more there are, and an action longer than `actionLengthLimit` cut with `…`.
  /// Cutting a cut event again changes nothing.
  package static func shortened(_ event: SessionEvent) -> SessionEvent {
    guard case .dispatched(let dispatch) = event else { return event }
    let isLongDiff = (dispatch.diff?.count ?? 0) > diffLineLimit
    let isLongAction = dispatch.action.utf8.count > actionLengthLimit
    guard isLongDiff || isLongAction else { return event }
    let diff = dispatch.diff.map { diff in
      isLongDiff
        ? Array(diff.prefix(diffLineLimit - 1)) + [OutputLine(.note, "… \(diff.count - diffLineLimit + 1) more lines of this diff: type `diff` in the shell for all of it")]
        : diff
    }
    let action = isLongAction ? String(dispatch.action.prefix(actionLengthLimit)) + "…" : dispatch.action
    return .dispatched(DispatchEvent(
      action: action, origin: dispatch.origin, diff: diff, rejection: dispatch.rejection, isHidden: dispatch.isHidden, entry: dispatch.entry,
      cause: dispatch.cause))
  }

  /// Whether `event` may move the history, change the state or start another domain (the page
  /// asks where the history is). A line's output or error ends it: a line that waits (`use`
  /// starting a domain) has moved nothing yet when its command event is read.
  package static func movesHistory(_ event: SessionEvent) -> Bool {
    switch event {
    case .dispatched, .command, .settled, .output, .note, .error: true
    default: false
    }
  }

  /// The history entry `event` made, if it is a dispatch that made one.
  package static func entry(of event: SessionEvent) -> Int? {
    guard case .dispatched(let dispatch) = event else { return nil }
    return dispatch.entry
  }
}
