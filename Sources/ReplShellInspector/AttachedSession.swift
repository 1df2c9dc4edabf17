#if canImport(Glibc)
import Scenarios
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
    if request.op == .run, request.line?.contains(where: \.isNewline) != false {
      return [InspectorReply.json(InspectorReply.Failed(id: request.id, message: "`run` takes one command line"))]
    }
    switch await attached.link.request(.page(request)) {
    case .ran(let ran, let prompt, let events):
      attached.show(events, prompt)
      return [InspectorReply.json(ran)]
    case .children(let children):
      return [InspectorReply.json(children)]
    case .found(let found):
      return [InspectorReply.json(found)]
    case .changedBy(let changedBy):
      return [InspectorReply.json(changedBy)]
    case .failed(let message):
      return [InspectorReply.json(InspectorReply.Failed(id: request.id, message: message))]
    case .linked, .following, .history:
      return [InspectorReply.json(InspectorReply.Failed(id: request.id, message: "\(attached.link.label) answered another request"))]
    }
  }
}
#endif
