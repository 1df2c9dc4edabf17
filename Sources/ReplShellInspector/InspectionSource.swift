import Scenarios
import SessionProtocol

/// What the inspector's connections read and run: a local shell (`InspectedSession`), or the
/// session a running app keeps for an attached shell (`AttachedSession`).
protocol InspectionSource: Sendable {
  /// Where the history is, the running domain and examples of its names, and what the page
  /// may run there: one read, which the page's first message carries.
  func history() async -> InspectorReply.History
  /// The replies to `request`, as JSON texts.
  func answer(_ request: InspectorRequest) async -> [String]
  /// The reply, as JSON text, to a request about the history (the slider's state, a what-if,
  /// a search there), which the connection has checked for size and shape.
  func answerView(_ request: InspectorViewRequest) async -> String
}
