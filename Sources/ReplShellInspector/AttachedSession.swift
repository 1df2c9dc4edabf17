#if canImport(Glibc)
import Scenarios
import Synchronization

/// The session a running app keeps for an attached shell, as its inspector reaches it: events the
/// app relays over the inspector's own connection, and requests answered there (the state tree a
/// page at a time, searches, where the history is, lines to run). Nothing here waits for the
/// main actor, which an attached shell's prompt may be holding.
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
      if relayed.isAppAction { appActions.add(1, ordering: .relaxed) }
      log.append(body: relayed.body, entry: relayed.entry, movesHistory: relayed.movesHistory)
    }
  }

  func domain() async -> String? {
    await attached.link.request("history")["domain"] as? String
  }

  func history() async -> InspectorReply.History {
    let reply = await attached.link.request("history")
    return InspectorReply.History(
      count: reply["count"] as? Int ?? 0, position: reply["position"] as? Int ?? 0, domain: reply["domain"] as? String,
      liveness: reply["liveness"] as? String, revision: appActions.load(ordering: .relaxed))
  }

  func answer(_ request: InspectorRequest) async -> [String] {
    switch request.op {
    case .run:
      guard let line = request.line, !line.contains(where: \.isNewline) else {
        return [InspectorReply.json(InspectorReply.Failed(id: request.id, message: "`run` takes one command line"))]
      }
      let reply = await attached.link.request("run", ["line": line])
      guard reply["event"] as? String == "ran" else { return [failed(reply, id: request.id)] }
      let events = (reply["events"] as? [[String: Any]] ?? []).compactMap(SessionEventJSON.event(from:))
      attached.show(events, reply["prompt"] as? String)
      return [InspectorReply.json(InspectorReply.Ran(id: request.id, line: line, succeeded: reply["succeeded"] as? Bool ?? false))]
    case .children:
      var fields: [String: Any] = ["path": request.path ?? []]
      if let offset = request.offset { fields["offset"] = offset }
      if let limit = request.limit { fields["limit"] = limit }
      if let reveal = request.reveal { fields["reveal"] = reveal }
      let reply = await attached.link.request("children", fields)
      guard reply["event"] as? String == "children", let total = reply["total"] as? Int else { return [failed(reply, id: request.id)] }
      let nodes = (reply["nodes"] as? [[String: Any]] ?? []).map { node in
        InspectorReply.Node(
          name: node["name"] as? String ?? "", label: node["label"] as? String ?? "", summary: node["summary"] as? String ?? "",
          count: node["count"] as? Int ?? 0)
      }
      return [
        InspectorReply.json(
          InspectorReply.Children(
            id: request.id, path: reply["path"] as? [String] ?? [], offset: reply["offset"] as? Int ?? 0, total: total, nodes: nodes))
      ]
    case .search:
      let query = request.query ?? ""
      let field = StateTree.SearchField(rawValue: request.field ?? "key") ?? .key
      let reply = await attached.link.request("search", ["query": query, "field": field.rawValue])
      guard reply["event"] as? String == "found" else { return [failed(reply, id: request.id)] }
      return [
        InspectorReply.json(
          InspectorReply.Found(
            id: request.id, query: query, field: field.rawValue, paths: reply["paths"] as? [[String]] ?? [],
            truncated: reply["truncated"] as? Bool ?? false))
      ]
    }
  }

  private func failed(_ reply: [String: Any], id: Int) -> String {
    InspectorReply.json(InspectorReply.Failed(id: id, message: reply["message"] as? String ?? "\(attached.link.label) did not answer"))
  }
}
#endif
