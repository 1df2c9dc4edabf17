/// What an inspector reads of a shell between commands: the state as a tree, and where the
/// history is. Reading changes nothing and emits nothing.
extension Shell {
  /// The running domain's name, nil before any `use`.
  package var inspectedDomain: String? { session?.domainName }

  /// The current state as a tree, encoded once per history position on a thread of its own: a
  /// 64k-entry state is written out without holding the main actor, so lines run and events go
  /// out meanwhile; it is then walked and searched as often as the page asks. A live store moves
  /// by the app's own actions too, which leave the history's mark alone: its tree is kept only
  /// while `liveRevision` (how many actions the app's tap has seen) stays the same, and encoded
  /// afresh each time without it.
  package func inspectedStateTree(liveRevision: Int? = nil) async throws(CommandError) -> StateTree {
    let session = try requireSession()
    let identity = ObjectIdentifier(session)
    let mark = session.historyMark
    let isLive = if case .live = session.liveness { true } else { false }
    let revision = isLive ? liveRevision : nil
    let encoding: Task<Swift.Result<StateTree, CommandError>, Never>
    if !isLive || revision != nil, let cached = inspectedState, cached.session == identity, cached.mark == mark,
      cached.liveRevision == revision
    {
      encoding = cached.tree
    } else {
      let encode = session.stateEncoding()
      encoding = Task.detached {
        await OffMainThread.run { () -> Swift.Result<StateTree, CommandError> in
          do throws(CommandError) {
            return .success(StateTree(root: try encode()))
          } catch {
            return .failure(error)
          }
        }
      }
      inspectedState = (identity, mark, revision, encoding)
    }
    return try await encoding.value.get()
  }

  /// The shell's redactions as they stand, as a function over a text: what the inspector shows
  /// of the state (a node's name and summary) is redacted as the transcript's `state` prints it.
  package var inspectedRedaction: @Sendable (String) -> String {
    let redactions = self.redactions
    return { text in redactions.isActive ? redactions.apply(to: text) : text }
  }

  /// How many entries `history` lists and how many of them the current state applies (the
  /// entry `jump` is at); zeros before any `use`.
  package var inspectedHistory: (count: Int, position: Int) {
    guard let position = session?.historyPosition else { return (0, 0) }
    return (position.count, position.applied.values.max() ?? 0)
  }

  /// Starts the inspector on `port`, or says how to add one; returns the address to open.
  func startInspector(port: Int) async throws(CommandError) -> String {
    guard let inspector else {
      throw CommandError(
        "this shell has no inspector: add the `ReplShellInspector` product to the executable and `static func makeInspector(_ host: InspectorHost) -> (any SessionInspector)? { WebInspector(host: host) }` to its `ReplShellApp` type (`import ReplShellInspector`)")
    }
    return try await inspector.start(port: port)
  }
}
