import Scenarios

/// What the inspector's connections read and run: a local shell (`InspectedSession`), or the
/// session a running app keeps for an attached shell (`AttachedSession`).
protocol InspectionSource: Sendable {
  /// The running domain's name.
  func domain() async -> String?
  /// Where the history is, and what the page may run there.
  func history() async -> InspectorReply.History
  /// The replies to `request`, as JSON texts.
  func answer(_ request: InspectorRequest) async -> [String]
}
