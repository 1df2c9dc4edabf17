import Scenarios

/// The shell as the inspector's connections reach it, on the main actor where it lives: what
/// they read (the domain, the history's position, the state tree) and the lines they run.
@MainActor final class InspectedSession: Sendable {
  private let host: InspectorHost
  /// The most children one reply lists; the page asks for more.
  static let childrenLimit = 500
  /// The most paths one search returns.
  static let searchLimit = 200

  init(host: InspectorHost) {
    self.host = host
  }

  /// The running domain's name.
  func domain() -> String? {
    host.shell.inspectedDomain
  }

  /// Where the history is.
  func history() -> InspectorReply.History {
    let history = host.shell.inspectedHistory
    return InspectorReply.History(count: history.count, position: history.position, domain: host.shell.inspectedDomain)
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
      let path = request.path ?? []
      let limit = min(max(request.limit ?? Self.childrenLimit, 1), Self.childrenLimit)
      do {
        let tree = try await host.shell.inspectedStateTree()
        let redact = host.shell.inspectedRedaction
        // Sorting a 64k-entry level takes a while: off the main actor too.
        let reply = await OffMainThread.run { Self.children(of: tree, request: request, path: path, limit: limit, redactedBy: redact) }
        return [reply]
      } catch {
        return [InspectorReply.json(InspectorReply.Failed(id: request.id, message: error.message))]
      }
    case .search:
      let query = request.query ?? ""
      let field = StateTree.SearchField(rawValue: request.field ?? "key") ?? .key
      do {
        let tree = try await host.shell.inspectedStateTree()
        let limit = Self.searchLimit
        let found = await OffMainThread.run { tree.search(query, in: field, limit: limit) }
        return [InspectorReply.json(InspectorReply.Found(id: request.id, query: query, field: field.rawValue, paths: found.paths, truncated: found.truncated))]
      } catch {
        return [InspectorReply.json(InspectorReply.Failed(id: request.id, message: error.message))]
      }
    }
  }

  /// The reply to a `children` request on `tree`: one page of the children of `path`, their
  /// labels and summaries redacted by `redact` (their names stay the paths the page asks for).
  nonisolated private static func children(
    of tree: StateTree, request: InspectorRequest, path: [String], limit: Int, redactedBy redact: @Sendable (String) -> String
  ) -> String {
    do throws(CommandError) {
      let revealed = request.reveal.flatMap { try? tree.index(of: $0, at: path) }
      let offset = revealed.map { $0 / limit * limit } ?? max(request.offset ?? 0, 0)
      let children = try tree.children(at: path, offset: offset, limit: limit)
      let nodes = children.nodes.map { InspectorReply.Node(name: $0.name, label: redact($0.name), summary: redact($0.summary), count: $0.childCount) }
      return InspectorReply.json(InspectorReply.Children(id: request.id, path: path, offset: offset, total: children.total, nodes: nodes))
    } catch {
      return InspectorReply.json(InspectorReply.Failed(id: request.id, message: error.message))
    }
  }
}
