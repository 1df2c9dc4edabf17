/// Where a session's state stands in its history, as a recording of the session needs it.
package struct HistoryMark: Equatable, Sendable {
  /// The serial of the history entry the state is at; 0 at the initial state.
  package let current: Int
  /// The serial of the last action the user dispatched; 0 before any.
  let lastUserDispatch: Int

  /// The mark of a state at entry `current`, the user's last dispatch at `lastUserDispatch`.
  package init(current: Int, lastUserDispatch: Int) {
    self.current = current
    self.lastUserDispatch = lastUserDispatch
  }
}

/// The history's size and the entries the state has applied.
package struct HistoryPosition {
  /// How many entries `history` lists.
  package let count: Int
  /// The position of each entry the state has applied, by serial.
  package let applied: [Int: Int]
}

extension DomainSession {
  package var historyPosition: HistoryPosition {
    HistoryPosition(count: history.entries.count, applied: history.appliedPositions)
  }

  package var historyMark: HistoryMark {
    history.mark
  }

  package func travel(_ move: TimeTravel) throws(CommandError) {
    if case .live = liveness {
      throw CommandError("undo, redo and jump are not offered on a live store: the app's state moves only by its actions; type `fork` for a sandbox copy where they work")
    }
    switch move {
    case .undo: try undo()
    case .redo: try redo()
    case .jump(let target, let column): try jump(to: target, column: column)
    }
  }

  private func undo() throws(CommandError) {
    guard let target = history.undoTarget else {
      throw CommandError(history.entries.isEmpty ? "nothing to undo: no action dispatched yet" : "nothing to undo: the state is the initial state")
    }
    let taken = history.entries[target]
    let followers = history.position - target - 1
    let listeners = followers == 0 ? "" : " and \(followers) action\(followers == 1 ? "" : "s") its listeners dispatched"
    try travel(to: target, note: "undid \(target + 1): \(shortText(taken))\(listeners)")
  }

  private func redo() throws(CommandError) {
    guard let target = history.redoTarget else {
      throw CommandError("nothing to redo")
    }
    let first = history.position
    let through = target - first > 1 ? " through \(target)" : ""
    try travel(to: target, note: "redid \(first + 1)\(through): \(shortText(history.entries[first]))", warns: false)
  }

  private func jump(to target: Int, column: Int) throws(CommandError) {
    let count = history.entries.count
    guard (0...count).contains(target) else {
      let range = count == 0 ? "only 0 (the initial state): no action dispatched yet" : "0 (the initial state) to \(count)"
      throw CommandError("no history entry \(target): jump takes \(range)", column: column)
    }
    let place = target == 0 ? "the initial state" : shortText(history.entries[target - 1])
    try travel(to: target, note: "jumped to \(target): \(place)", warns: target < history.position)
  }

  /// The action as the shell writes it, its arguments elided when it is longer than a line.
  private func shortText(_ entry: SessionHistory<State, Action>.Entry) -> String {
    TranscriptRenderer.shortened(entry.text)
  }

  /// Moves the state to the history position `target` and emits `note`, the diff, the watches
  /// that changed and, when going back with listeners, that their side effects stay.
  private func travel(to target: Int, note: String, warns: Bool = true) throws(CommandError) {
    let old = store.select { $0 }
    history.move(to: target)
    let new = history.currentState
    store.travel(to: new)
    var lines: [OutputLine] = [.note(note)]
    do {
      let diff = try stateDiff.lines(from: old, to: new)
      lines += diff.isEmpty ? [.note("no change")] : diff
    } catch {
      events.emit(.output(lines))
      throw error
    }
    events.emit(.output(lines))
    watches.update(state: new, action: nil, events: events)
    if warns && store.hasListeners {
      events.emit(.note("the state only moved: what listeners already did (database rows, requests) stays done"))
    }
  }
}
