import ReplShellDomain
import Scenarios

extension Domain {
  /// A lending shelf whose bug needs three actions on one item: added, lent to Ada, then removed
  /// while lent — the removal forgets her loan (`bug: .always`), or only for an item the listener
  /// indexed (`bug: .indexedOnly`, which needs the listener's action too); fixed with `bug: .none`.
  public static func lending(bug: LendingBug = .always) -> Domain {
    Domain(
      name: "lending", summary: "items lent and removed, for shrink",
      initialState: { LendingState() },
      reducer: { (state: LendingState, action: LendingAction) throws -> LendingState in
        var state = state
        switch action {
        case .didAddItem(let id, let name):
          guard state.items[id] == nil else { throw LendingRefusal(description: "item \(id) exists") }
          // What the bug leaves behind shows here: an item added again while its old loan stands.
          if let holder = state.loans[id] { throw LendingRefusal(description: "item \(id) is still lent to \(holder)") }
          state.items[id] = name
        case .didLendItem(let id, let to):
          guard state.items[id] != nil else { throw LendingRefusal(description: "no item \(id) to lend") }
          if let holder = state.loans[id] { throw LendingRefusal(description: "item \(id) is lent to \(holder)") }
          state.loans[id] = to
        case .didReturnItem(let id):
          guard state.loans[id] != nil else { throw LendingRefusal(description: "item \(id) is not lent") }
          state.loans[id] = nil
        case .didRemoveItem(let id):
          guard state.items[id] != nil else { throw LendingRefusal(description: "no item \(id)") }
          state.items[id] = nil
          let forgets = state.loans[id] == "Ada" && (bug == .always || (bug == .indexedOnly && state.indexed.contains(id)))
          if !forgets { state.loans[id] = nil }
          state.indexed.removeAll { $0 == id }
        case .didIndexItem(let id):
          if !state.indexed.contains(id) { state.indexed.append(id) }
        }
        return state
      },
      actionExamples: [
        LendingAction.didAddItem(id: 1, name: "a"), .didLendItem(id: 1, to: "b"), .didReturnItem(id: 1), .didRemoveItem(id: 1),
        .didIndexItem(id: 1),
      ],
      selectors: [
        SelectorDefinition("selectDanglingLoans") { { (state: LendingState) in state.danglingLoans } },
        SelectorDefinition("selectItemCount") { { (state: LendingState) in state.items.count } },
      ],
      listen: { store, _ in
        let stream = store.makeStream()
        let task = Task { @MainActor in
          for await (_, action) in stream {
            guard case .didAddItem(let id, _) = action else { continue }
            try? store.dispatch(action: .didIndexItem(id: id))
          }
        }
        return LendingIndexer(task: task)
      })
  }
}

/// What the lending shelf's listener keeps alive: its task, cancelled when the session lets go.
final class LendingIndexer: Sendable {
  let task: Task<Void, Never>
  init(task: Task<Void, Never>) { self.task = task }
  deinit { task.cancel() }
}
