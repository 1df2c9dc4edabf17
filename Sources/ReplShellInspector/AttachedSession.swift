#if canImport(Glibc)
import ReplShellSession
import Scenarios
import SessionProtocol
import Synchronization

/// The session a running app keeps for an attached shell, as its inspector reaches it: events the
/// app relays over the inspector's own connection, and requests answered there (the state tree a
/// page at a time, searches, where the history is, lines to run), which the app answers with the
/// page's own replies. Nothing here waits for the main actor, which an attached shell's prompt
/// may be holding.
final class AttachedSession: InspectionSource {
  private let attached: AttachedInspection
  /// How many of the app's own actions have arrived: each changes the state the tree shows.
  private let appActions = Atomic<Int>(0)

  init(attached: AttachedInspection) {
    self.attached = attached
  }

  /// Follows what the app relays until the connection ends.
  func follow(into log: InspectorEventLog) async {
    for await relayed in attached.link.events {
      if relayed.app { appActions.add(1, ordering: .relaxed) }
      log.append(body: SessionEventJSON.line(for: relayed.event), entry: relayed.entry, movesHistory: relayed.moves)
    }
  }

  func history() async -> InspectorReply.History {
    guard case .history(var history) = await attached.link.request(.history) else {
      return InspectorReply.History(count: 0, position: 0, domain: nil, liveness: nil, revision: appActions.load(ordering: .relaxed))
    }
    history.revision = appActions.load(ordering: .relaxed)
    return history
  }

  func answer(_ request: InspectorRequest) async -> [String] {
    // The app answers with the operations every inspected session shares (`InspectionBackend`).
    let answer = await attached.link.request(.page(request))
    if case .ran(_, let prompt, let events) = answer {
      attached.show(events, prompt)
    }
    return [answer.pageReply(to: request.id) ?? InspectorReply.json(InspectorReply.Failed(id: request.id, message: "\(attached.link.label) answered another request"))]
  }

  /// Not offered yet: the history an attached shell moves through is kept by the app.
  func answerView(_ request: InspectorViewRequest) async -> String {
    InspectorReply.json(InspectorReply.Failed(
      id: request.id, message: "the slider, skip and search by path read a local session's history; an attached shell's is kept by the app: run the session locally (`replshell --inspect`) to scrub and skip"))
  }
}
#endif
