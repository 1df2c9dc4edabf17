import ReplShellHost
import ReplShellSession
import Scenarios
import SessionProtocol

/// The shell as the inspector's connections reach it, on the main actor where it lives: the
/// page's requests are answered by the operations every inspected session shares
/// (`InspectionBackend`), here over the local shell's `InspectorHost`.
@MainActor final class InspectedSession: InspectionSource {
  private let backend: any InspectionBackend
  /// The states at history entries the page's slider and skip controls look at.
  private let views: HistoryViews

  init(host: InspectorHost) {
    self.backend = host
    self.views = HistoryViews(inspection: host.shell.inspection)
  }

  /// Where the history is, with the running domain and examples of its names.
  func history() -> InspectorReply.History {
    backend.historyReply
  }

  /// The replies to `request`, as JSON texts.
  func answer(_ request: InspectorRequest) async -> [String] {
    let answer = await backend.answer(request)
    return [answer.pageReply(to: request.id) ?? InspectorReply.json(InspectorReply.Failed(id: request.id, message: "the session answered another request"))]
  }

  /// The reply to a request about the history: the state at an entry, a what-if, a search there.
  func answerView(_ request: InspectorViewRequest) async -> String {
    await views.answer(request)
  }
}
