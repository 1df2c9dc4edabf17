@_spi(Internals) @testable import Scenarios

/// What happened at a lending shelf: items added, lent, returned and removed, and the index a
/// listener keeps of each item added.
enum LendingAction: Codable, Equatable, Sendable {
  case didAddItem(id: Int, name: String)
  case didLendItem(id: Int, to: String)
  case didReturnItem(id: Int)
  case didRemoveItem(id: Int)
  /// The listener's, after each item added.
  case didIndexItem(id: Int)
}

/// The items by id, who holds each one lent, and the items indexed.
struct LendingState: Codable, Equatable, Sendable {
  var items: [Int: String] = [:]
  var loans: [Int: String] = [:]
  var indexed: [Int] = []

  /// The bug's symptom: a loan of an item that is gone.
  var danglingLoans: Int { loans.keys.filter { items[$0] == nil }.count }
}

/// The reducer's refusals, so that a candidate that lends what is not there is left out.
struct LendingRefusal: Error, CustomStringConvertible {
  let description: String
}

extension Domain {
  /// A lending shelf whose bug needs three actions on one item: added, lent to Ada, then removed
  /// while lent — the removal forgets her loan (`bug: .always`), or only for an item the listener
  /// indexed (`bug: .indexedOnly`, which needs the listener's action too); fixed with `bug: .none`.
  static func lending(bug: LendingBug = .always) -> Domain {
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
        return LibraryListener(task: task)
      })
  }
}

/// Where the lending shelf's bug is planted.
enum LendingBug: Sendable {
  case none, always, indexedOnly
}

/// A session of the lending shelf: `count` actions of noise over `entities` items — each item
/// added, lent, returned and removed in turn, interleaved — with the three actions of the bug on
/// item `bugItem` among them (added, lent, removed while lent), as `dispatch` lines.
func lendingSession(count: Int, entities: Int = 40, bugItem: Int = 777) -> [String] {
  var lines: [String] = []
  var phase = Array(repeating: 0, count: entities)
  var random = SplitMix(seed: 42)
  let bugAt = [count / 5, count / 2, count * 4 / 5]
  var bugStep = 0
  while lines.count < count {
    if bugStep < 3 && lines.count >= bugAt[bugStep] {
      let bug = ["didAddItem(id: \(bugItem), name: \"broken lamp\")", "didLendItem(id: \(bugItem), to: \"Ada\")", "didRemoveItem(id: \(bugItem))"]
      lines.append("dispatch " + bug[bugStep])
      bugStep += 1
      continue
    }
    let item = random.below(entities)
    let id = item + 1
    switch phase[item] {
    case 0: lines.append("dispatch didAddItem(id: \(id), name: \"item \(id)\")")
    case 1: lines.append("dispatch didLendItem(id: \(id), to: \"reader \(random.below(9))\")")
    case 2: lines.append("dispatch didReturnItem(id: \(id))")
    default: lines.append("dispatch didRemoveItem(id: \(id))")
    }
    phase[item] = (phase[item] + 1) % 4
  }
  return lines
}
