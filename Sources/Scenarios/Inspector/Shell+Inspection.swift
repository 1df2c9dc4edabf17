/// What an inspector reads of a shell between commands: the state as a tree, and where the
/// history is. Reading changes nothing and emits nothing.
extension Shell {
  /// The running domain's name, nil before any `use`.
  package var inspectedDomain: String? { session?.domainName }

  /// The current state as a tree, encoded once per history position: a 64k-entry state is
  /// written out once, then walked and searched as often as the page asks.
  package func inspectedStateTree() throws(CommandError) -> StateTree {
    let session = try requireSession()
    let identity = ObjectIdentifier(session)
    let mark = session.historyMark
    if let cached = inspectedState, cached.session == identity, cached.mark == mark {
      return cached.tree
    }
    let tree = StateTree(root: try session.stateValue())
    inspectedState = (identity, mark, tree)
    return tree
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
