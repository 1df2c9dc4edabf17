import ReplShellSession
import SessionProtocol
import StateValues
/// A session as the inspector's operations reach it. A local shell's inspector (`InspectorHost`)
/// and the session a running app keeps for an attached shell (`ReplShellAttachment`) each
/// implement it; the operations a page asks for — run a line, list the children of a state
/// path, search the state, say which entry last changed a path — are written once, here, in
/// `answer(_:)`, and where the history is in `historyReply`.
@MainActor package protocol InspectionBackend {
  /// The shell whose state, history and redactions the page reads.
  var inspectedShell: Shell { get }
  /// How many of the app's own actions its tap has seen, which versions a live store's state
  /// tree (`ShellInspection.stateTree(liveRevision:)`); nil for a session no tap follows.
  var liveRevision: Int? { get }
  /// Runs a line the page sent (one line) as this backend's front end runs one; throws what to
  /// do instead for a line it does not run from a page.
  func runFromPage(_ line: String) async throws(CommandError) -> Shell.Result
}

extension InspectionBackend {
  /// Where the history is, with the running domain and examples of its names: what a page is
  /// sent as it connects, and again when the history moves.
  package var historyReply: InspectorReply.History {
    inspectedShell.inspection.historyReply
  }

  /// The answer to a page's request. The state is encoded, walked and searched off the main
  /// actor; a request that cannot be answered (a path the state lacks, no session, a line of
  /// several lines) is answered as failed, with what to type instead.
  package func answer(_ request: InspectorRequest) async -> InspectionAnswer {
    switch request.op {
    case .run:
      guard let line = request.line, !line.contains(where: \.isNewline) else {
        return .failed("`run` takes one command line")
      }
      do throws(CommandError) {
        let result = try await runFromPage(line)
        return .ran(InspectorReply.Ran(id: request.id, line: line, succeeded: result.succeeded), prompt: inspectedShell.prompt, events: result.events)
      } catch {
        return .failed(error.message)
      }
    case .children:
      let (path, offset, limit, reveal) = (request.path ?? [], request.offset, request.limit, request.reveal)
      // Sorting a 64k-entry level takes a while: off the main actor too.
      return await treeAnswer { tree, redact throws(CommandError) in
        .children(InspectorReply.Children(try StateTreePage(of: tree, path: path, offset: offset, limit: limit, reveal: reveal, redactedBy: redact), id: request.id))
      }
    case .why:
      do {
        return .changedBy(try await inspectedShell.inspection.changedBy(request.path ?? [], id: request.id))
      } catch {
        return .failed(error.message)
      }
    case .search:
      let query = request.query ?? ""
      let field = StateTree.SearchField(rawValue: request.field ?? "key") ?? .key
      let searchRedaction = inspectedShell.inspection.redactionInForce
      return await treeAnswer { tree, redact in
        let found = tree.search(query, in: field, limit: StateTreePage.searchLimit, redactedBy: searchRedaction)
        return .found(InspectorReply.Found(id: request.id, query: query, field: field.rawValue, paths: found.paths, texts: found.texts.map(redact), truncated: found.truncated))
      }
    }
  }

  /// `answer` computed over the session's state tree off the main actor, with the shell's
  /// redactions as they stand; a path the state lacks (or no session) answered as failed.
  private func treeAnswer(
    _ answer: @escaping @Sendable (StateTree, @Sendable (String) -> String) throws(CommandError) -> InspectionAnswer
  ) async -> InspectionAnswer {
    do {
      let tree = try await inspectedShell.inspection.stateTree(liveRevision: liveRevision)
      let redact = inspectedShell.inspection.redaction
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

extension InspectorHost: InspectionBackend {
  /// The local shell the inspector follows.
  package var inspectedShell: Shell { shell }

  /// None: no app's tap moves a local session's state behind its history.
  package var liveRevision: Int? { nil }

  /// Runs the line through the front end's own path, as if typed.
  package func runFromPage(_ line: String) async throws(CommandError) -> Shell.Result {
    await run(line)
  }
}

extension InspectionAnswer {
  /// The answer as the page's reply to its request `id`, JSON text; nil for the answers that
  /// are no page's (`linked`, `following`, `history`: the link's own).
  package func pageReply(to id: Int) -> String? {
    switch self {
    case .ran(let ran, _, _): InspectorReply.json(ran)
    case .children(let children): InspectorReply.json(children)
    case .found(let found): InspectorReply.json(found)
    case .changedBy(let changedBy): InspectorReply.json(changedBy)
    case .failed(let message): InspectorReply.json(InspectorReply.Failed(id: id, message: message))
    case .linked, .following, .history: nil
    }
  }
}
