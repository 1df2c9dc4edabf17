import Foundation
import Scenarios

/// What an attached shell's web inspector asks of the app (`{"inspect": {"op": …, "id": N}}`),
/// answered with the request's `id`: the shell's connection asks for a `link` key; the
/// inspector's own connection `follow`s the shell with it, then asks for `children` of a state
/// path, a `search`, the `history`, or to `run` a line in the shell's session. The state is
/// encoded, walked and searched on threads of their own, never on the app's main actor.
extension Responder {
  /// Answers one inspector request; false when it is of no known shape.
  func handleInspection(_ request: [String: Any]) async -> Bool {
    let id = request["id"] as? Int ?? 0
    switch request["op"] as? String {
    case "link":
      reply(["event": "inspection-link", "key": InspectionLinks.key(for: self)], id: id)
    case "follow":
      guard let key = request["key"] as? String, let followed = InspectionLinks.responder(for: key) else {
        reply(["event": "failed", "message": "no attached shell has that key: type `inspect` in the shell again"], id: id)
        return true
      }
      self.followed = followed
      connection.inspection.follow(followed.shell)
      connection.attachment.updateTap()
      reply(["event": "following", "domain": connection.attachment.domain.name], id: id)
    case "history", "children", "search", "run":
      guard let followed else {
        reply(["event": "failed", "message": "this connection follows no shell: send `follow` with the shell's key first"], id: id)
        return true
      }
      reply(await followed.answerInspection(request), id: id)
    default:
      return false
    }
    return true
  }

  /// The answer to a request of a followed shell's inspector, about this shell's session.
  private func answerInspection(_ request: [String: Any]) async -> [String: Any] {
    switch request["op"] as? String {
    case "history":
      let history = shell.inspectedHistory
      var answer: [String: Any] = ["event": "history", "count": history.count, "position": history.position]
      if let domain = shell.inspectedDomain { answer["domain"] = domain }
      if let liveness = shell.inspectedLiveness { answer["liveness"] = liveness }
      return answer
    case "run":
      guard let line = request["line"] as? String, !line.contains(where: \.isNewline) else {
        return ["event": "failed", "message": "`run` takes one command line"]
      }
      if line.split(whereSeparator: \.isWhitespace).first == "tail" {
        return ["event": "failed", "message": "`tail` follows the app in the terminal; the page's log already shows the app's actions as they come"]
      }
      let result = await turns.run { await shell.execute(line, echoesCommands: true) }
      connection.tail.withLock { filter in filter?.hidden = shell.hiddenActions }
      updateWatching()
      let events = result.events.compactMap { event in
        (try? JSONSerialization.jsonObject(with: Data(SessionEventJSON.line(for: event).utf8))) as? [String: Any]
      }
      return ["event": "ran", "succeeded": result.succeeded, "prompt": shell.prompt, "events": events]
    case "children":
      let path = request["path"] as? [String] ?? [], offset = request["offset"] as? Int, limit = request["limit"] as? Int
      let reveal = request["reveal"] as? String
      return await treeAnswer { tree, redact throws(CommandError) in
        let page = try StateTreePage(of: tree, path: path, offset: offset, limit: limit, reveal: reveal, redactedBy: redact)
        return page.object.merging(["event": "children"]) { first, _ in first }
      }
    default:
      let query = request["query"] as? String ?? ""
      let field = StateTree.SearchField(rawValue: request["field"] as? String ?? "key") ?? .key
      return await treeAnswer { tree, redact in
        let found = tree.search(query, in: field, limit: StateTreePage.searchLimit, redactedBy: redact)
        return ["event": "found", "paths": found.paths, "truncated": found.truncated]
      }
    }
  }

  /// `answer` computed over the session's state tree on a thread of its own; a path the state
  /// lacks (or no session) answered as `failed`, with what to type instead.
  private func treeAnswer(
    _ answer: @escaping @Sendable (StateTree, @Sendable (String) -> String) throws(CommandError) -> [String: Any]
  ) async -> [String: Any] {
    do {
      // The app's tap runs while an inspector follows: the count of what it saw versions the live state.
      let tree = try await shell.inspectedStateTree(liveRevision: connection.attachment.tappedActions.load(ordering: .acquiring))
      let redact = shell.inspectedRedaction
      let result = await OffMainThread.run { () -> UncheckedAnswer in
        do throws(CommandError) {
          return UncheckedAnswer(object: try answer(tree, redact))
        } catch {
          return UncheckedAnswer(object: ["event": "failed", "message": error.message])
        }
      }
      return result.object
    } catch {
      return ["event": "failed", "message": error.message]
    }
  }

  private func reply(_ object: [String: Any], id: Int) {
    var object = object
    object["id"] = id
    connection.outbox.send(AttachSocket.json(object))
  }
}

/// A JSON object handed back from the thread that computed it (plain values only).
private struct UncheckedAnswer: @unchecked Sendable {
  let object: [String: Any]
}
