import Foundation
import ReplShellSession

/// What an attached shell's web inspector asks of the app (`ShellRequest.inspect`), answered
/// with the request's id: the shell's connection asks for a `link` key; the inspector's own
/// connection `follow`s the shell with it, then asks for the `history`, or what a page asks a
/// local inspector (`InspectorRequest`: children of a state path, a search, a line to run) of
/// the shell's session. The state is encoded, walked and searched off the app's main actor.
extension Responder {
  /// The answer to one inspector call.
  func answer(_ call: InspectionCall) async -> InspectionAnswer {
    switch call {
    case .link:
      return .linked(key: InspectionLinks.key(for: self))
    case .follow(let key):
      guard let followed = InspectionLinks.responder(for: key) else {
        return .failed("no attached shell has that key: type `inspect` in the shell again")
      }
      self.followed = followed
      connection.inspection.follow(followed.shell)
      connection.attachment.updateTap()
      return .following(domain: connection.attachment.domain.name)
    case .history, .page:
      guard let followed else {
        return .failed("this connection follows no shell: send `follow` with the shell's key first")
      }
      return await followed.answerAsFollowed(call)
    }
  }

  /// The answer to a request of a followed shell's inspector, about this shell's session.
  private func answerAsFollowed(_ call: InspectionCall) async -> InspectionAnswer {
    guard case .page(let request) = call else {
      return .history(shell.inspection.historyReply)
    }
    switch request.op {
    case .run:
      guard let line = request.line, !line.contains(where: \.isNewline) else {
        return .failed("`run` takes one command line")
      }
      if line.split(whereSeparator: \.isWhitespace).first == "tail" {
        return .failed("`tail` follows the app in the terminal; the page's log already shows the app's actions as they come")
      }
      let result = await host.run(line, echoesCommands: true)
      connection.tail.withLock { filter in filter?.hidden = shell.slot.hiddenActions }
      updateWatching()
      return .ran(InspectorReply.Ran(id: request.id, line: line, succeeded: result.succeeded), prompt: shell.prompt, events: result.events)
    case .children:
      let (path, offset, limit, reveal) = (request.path ?? [], request.offset, request.limit, request.reveal)
      return await treeAnswer { tree, redact throws(CommandError) in
        .children(InspectorReply.Children(try StateTreePage(of: tree, path: path, offset: offset, limit: limit, reveal: reveal, redactedBy: redact), id: request.id))
      }
    case .why:
      do {
        return .changedBy(try await shell.inspection.changedBy(request.path ?? [], id: request.id))
      } catch {
        return .failed(error.message)
      }
    case .search:
      let query = request.query ?? ""
      let field = StateTree.SearchField(rawValue: request.field ?? "key") ?? .key
      return await treeAnswer { tree, redact in
        let found = tree.search(query, in: field, limit: StateTreePage.searchLimit, redactedBy: redact)
        return .found(InspectorReply.Found(id: request.id, query: query, field: field.rawValue, paths: found.paths, texts: found.texts.map(redact), truncated: found.truncated))
      }
    }
  }

  /// `answer` computed over the session's state tree off the main actor; a path the state lacks
  /// (or no session) answered as failed, with what to type instead.
  private func treeAnswer(
    _ answer: @escaping @Sendable (StateTree, @Sendable (String) -> String) throws(CommandError) -> InspectionAnswer
  ) async -> InspectionAnswer {
    do {
      // The app's tap runs while an inspector follows: the count of what it saw versions the live state.
      let tree = try await shell.inspection.stateTree(liveRevision: connection.attachment.tappedActions.load(ordering: .acquiring))
      let redact = shell.inspection.redaction
      return await OffMainThread.run { () -> InspectionAnswer in
        do throws(CommandError) {
          return try answer(tree, redact)
        } catch {
          return .failed(error.message)
        }
      }
    } catch {
      return .failed(error.message)
    }
  }
}
