import Scenarios

/// The shell as the inspector's connections reach it, on the main actor where it lives: what
/// they read (the domain, the history's position, the state tree) and the lines they run.
@MainActor final class InspectedSession: InspectionSource {
  private let host: InspectorHost
  /// The most children one reply lists; the page asks for more.
  static let childrenLimit = StateTreePage.childrenLimit
  /// The most paths one search returns.
  static let searchLimit = StateTreePage.searchLimit

  init(host: InspectorHost) {
    self.host = host
  }

  /// Where the history is, with the running domain and examples of its names.
  func history() -> InspectorReply.History {
    host.shell.inspection.historyReply
  }

  /// The replies to `request`, as JSON texts.
  func answer(_ request: InspectorRequest) async -> [String] {
    switch request.op {
    case .run:
      guard let line = request.line, !line.contains(where: \.isNewline) else {
        return [InspectorReply.json(InspectorReply.Failed(id: request.id, message: "`run` takes one command line"))]
      }
      let result = await host.run(line)
      return [InspectorReply.json(InspectorReply.Ran(id: request.id, line: line, succeeded: result.succeeded))]
    case .children:
      do {
        let tree = try await host.shell.inspection.stateTree()
        let redact = host.shell.inspection.redaction
        // Sorting a 64k-entry level takes a while: off the main actor too.
        let reply = await OffMainThread.run { Self.children(of: tree, request: request, redactedBy: redact) }
        return [reply]
      } catch {
        return [InspectorReply.json(InspectorReply.Failed(id: request.id, message: error.message))]
      }
    case .why:
      do {
        return [InspectorReply.json(try await host.shell.inspection.changedBy(request.path ?? [], id: request.id))]
      } catch {
        return [InspectorReply.json(InspectorReply.Failed(id: request.id, message: error.message))]
      }
    case .search:
      let query = request.query ?? ""
      let field = StateTree.SearchField(rawValue: request.field ?? "key") ?? .key
      do {
        let tree = try await host.shell.inspection.stateTree()
        let redact = host.shell.inspection.redaction
        let limit = Self.searchLimit
        let found = await OffMainThread.run { tree.search(query, in: field, limit: limit, redactedBy: redact) }
        return [InspectorReply.json(InspectorReply.Found(id: request.id, query: query, field: field.rawValue, paths: found.paths, texts: found.texts.map(redact), truncated: found.truncated))]
      } catch {
        return [InspectorReply.json(InspectorReply.Failed(id: request.id, message: error.message))]
      }
    }
  }

  /// The reply to a `children` request on `tree`: one page of the children of its path, their
  /// labels and summaries redacted by `redact` (their names stay the paths the page asks for).
  nonisolated private static func children(of tree: StateTree, request: InspectorRequest, redactedBy redact: @Sendable (String) -> String) -> String {
    do throws(CommandError) {
      let page = try StateTreePage(
        of: tree, path: request.path ?? [], offset: request.offset, limit: request.limit, reveal: request.reveal, redactedBy: redact)
      return InspectorReply.json(InspectorReply.Children(page, id: request.id))
    } catch {
      return InspectorReply.json(InspectorReply.Failed(id: request.id, message: error.message))
    }
  }
}
