import ReplShellSession
import SessionProtocol
import StateValues
/// The states the page's time slider and skip controls look at, made off the main actor and kept
/// for the few views the page moves between (a slider dragged back and forth asks for the same
/// entries again): each one's state tree, the one before it, and what a what-if's reducer rejected.
/// Only a scratch copy is ever made: nothing here writes to the store, the history or a file.
/// A local shell's web inspector answers the page's `view` and `find` requests with it.
@MainActor public final class HistoryViews {
  /// The most views kept; the oldest is dropped first. Each holds two encoded states (tens of
  /// megabytes for 64,000 quakes), so a few.
  static let kept = 4
  private var views: [(key: HistoryView.Key, view: Task<Result<HistoryView, CommandError>, Never>)] = []
  private let inspection: ShellInspection

  /// The views of the session `inspection` reads.
  public init(inspection: ShellInspection) {
    self.inspection = inspection
  }

  /// The view at `position` (nil: the current entry) with `skipped` left out.
  func view(position: Int?, skipped: [Int]) async throws(CommandError) -> HistoryView {
    let at = position ?? inspection.history.position
    let (key, make) = try inspection.historyView(position: at, skipped: skipped)
    if let known = views.first(where: { $0.key == key }) { return try await known.view.value.get() }
    let made = Task.detached {
      await OffMainThread.run { () -> Result<HistoryView, CommandError> in
        do throws(CommandError) {
          return .success(try make())
        } catch {
          return .failure(error)
        }
      }
    }
    views.append((key, made))
    if views.count > Self.kept { views.removeFirst(views.count - Self.kept) }
    return try await made.value.get()
  }

  /// The reply, as JSON text, to a request about the history that passed its checks
  /// (`InspectorViewRequest.refusal`): a `children` page of the state at an entry, or what a
  /// search there `found`; `failed` with what to do instead when it cannot be answered.
  public func answer(_ request: InspectorViewRequest) async -> String {
    do throws(CommandError) {
      let redact = inspection.redaction
      let searchRedaction = inspection.redactionInForce
      let position = request.position ?? inspection.history.position
      let skipped = Array(Set(request.skipped ?? [])).sorted()
      switch request.op {
      case .view:
        let view = try await self.view(position: request.position, skipped: request.skipped ?? [])
        let path = request.path ?? []
        let (offset, reveal) = (request.offset, request.reveal)
        let reply = await OffMainThread.run { () -> Result<ViewChildren, CommandError> in
          do throws(CommandError) {
            let page = try StateTreePage(of: view.tree, path: path, offset: offset, limit: nil, reveal: reveal, redactedBy: redact)
            let changed = try position == 0 ? [] : view.tree.changedChildren(at: path, comparedWith: view.before, offset: page.offset, limit: page.nodes.count)
            return .success(ViewChildren(
              id: request.id, path: page.path, offset: page.offset, total: page.total,
              nodes: page.nodes.map { InspectorReply.Node(name: $0.name, label: $0.label, summary: $0.summary, count: $0.count, path: $0.path) },
              position: position, skipped: skipped, whatIf: view.isWhatIf, changed: changed, rejected: view.rejected))
          } catch {
            return .failure(error)
          }
        }
        return InspectorReply.json(try reply.get())
      case .find:
        let query = request.query ?? ""
        let field = request.field ?? "key"
        // The current state's tree is the one the page's tree reads, encoded once for both.
        let tree: StateTree
        if request.position == nil && skipped.isEmpty {
          tree = try await inspection.stateTree()
        } else {
          tree = try await self.view(position: request.position, skipped: skipped).tree
        }
        let found = await OffMainThread.run { () -> Result<InspectorReply.Found, CommandError> in
          do throws(CommandError) {
            if field == "path" {
              let along = try tree.names(alongPath: query)
              return .success(InspectorReply.Found(id: request.id, query: query, field: field, paths: [along.names], texts: [redact(along.text)], truncated: false))
            }
            let searched = tree.search(query, in: StateTree.SearchField(rawValue: field) ?? .key, limit: StateTreePage.searchLimit, redactedBy: searchRedaction)
            return .success(InspectorReply.Found(id: request.id, query: query, field: field, paths: searched.paths, texts: searched.texts.map(redact), truncated: searched.truncated))
          } catch {
            return .failure(error)
          }
        }
        return InspectorReply.json(try found.get())
      }
    } catch {
      return InspectorReply.json(InspectorReply.Failed(id: request.id, message: error.message))
    }
  }
}
