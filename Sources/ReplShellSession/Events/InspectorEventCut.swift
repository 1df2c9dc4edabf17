import SessionProtocol
import StateValues
/// How much of one event an inspector's page is sent: a dispatch that fills a 64k-entry
/// dictionary has a diff as long as the state, and a listener's action can carry a whole feed
/// (`didFetchQuakes(result: .success(quakes: [64,000 quakes]))`); neither may reach the page
/// whole, nor cross an attachment's socket whole.
public enum InspectorEventCut {
  /// The most lines of a diff a page is sent.
  public static let diffLineLimit = 2_000

  /// The most characters of an action a page is sent.
  public static let actionLengthLimit = 2_000

  /// `event` with a diff longer than `diffLineLimit` cut to that many lines, the last of which
  /// says how many more there are, and an action longer than `actionLengthLimit` cut with `…`.
  /// A report is cut as `shortened(_: ReportEvent)` says. Cutting a cut event again changes nothing.
  public static func shortened(_ event: SessionEvent) -> SessionEvent {
    if case .report(let report) = event { return .report(shortened(report)) }
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

  /// The most members of one array or object of a report a page is sent.
  static let reportCollectionLimit = 2_000

  /// The deepest a report's value is sent; deeper values are sent as null.
  static let reportDepthLimit = 16

  /// `report` with its lines cut as a diff is, every string of its value cut as an action is,
  /// every array and object to `reportCollectionLimit` members and its depth to
  /// `reportDepthLimit`: a report is made by the shell's own tools, but from what the user's
  /// reducer and files hold, so the page is sent a bounded one however large they are.
  static func shortened(_ report: ReportEvent) -> ReportEvent {
    let lines = report.lines.count > diffLineLimit
      ? Array(report.lines.prefix(diffLineLimit - 1)) + [OutputLine(.note, "… \(report.lines.count - diffLineLimit + 1) more lines of this report")]
      : report.lines
    return ReportEvent(tool: report.tool, lines: lines, value: shortened(report.value, depth: 0))
  }

  private static func shortened(_ value: JSONForm, depth: Int) -> JSONForm {
    guard depth < reportDepthLimit else { return .null }
    switch value {
    case .string(let text) where text.utf8.count > actionLengthLimit:
      return .string(String(text.prefix(actionLengthLimit)) + "…")
    case .array(let items):
      return .array(items.prefix(reportCollectionLimit).map { shortened($0, depth: depth + 1) })
    case .object(let members):
      return .object(members.prefix(reportCollectionLimit).map { ($0.key, shortened($0.value, depth: depth + 1)) })
    default:
      return value
    }
  }

  /// Whether `event` may move the history, change the state or start another domain (the page
  /// asks where the history is). A line's output or error ends it: a line that waits (`use`
  /// starting a domain) has moved nothing yet when its command event is read.
  public static func movesHistory(_ event: SessionEvent) -> Bool {
    switch event {
    case .dispatched, .command, .settled, .output, .report, .note, .error: true
    default: false
    }
  }

  /// The history entry `event` made, if it is a dispatch that made one.
  public static func entry(of event: SessionEvent) -> Int? {
    guard case .dispatched(let dispatch) = event else { return nil }
    return dispatch.entry
  }
}
