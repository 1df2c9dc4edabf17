/// Where a session's state stands in its history, as a recording of the session needs it.
struct HistoryMark: Equatable, Sendable {
  /// The serial of the history entry the state is at; 0 at the initial state.
  let current: Int
  /// The serial of the last action the user dispatched; 0 before any.
  let lastUserDispatch: Int
}

extension DomainSession {
  var historyCount: Int {
    history.entries.count
  }

  var historyMark: HistoryMark {
    HistoryMark(current: history.currentSerial, lastUserDispatch: history.lastUserSerial)
  }

  var appliedPositions: [Int: Int] {
    history.appliedPositions
  }

  func undo() throws(CommandError) -> [OutputLine] {
    guard let target = history.undoTarget else {
      throw CommandError(history.entries.isEmpty ? "nothing to undo: no action dispatched yet" : "nothing to undo: the state is the initial state")
    }
    let taken = history.entries[target]
    let followers = history.position - target - 1
    let listeners = followers == 0 ? "" : " and \(followers) action\(followers == 1 ? "" : "s") its listeners dispatched"
    return try travel(to: target, note: "undid \(target + 1): \(try shortText(taken.action))\(listeners)")
  }

  func redo() throws(CommandError) -> [OutputLine] {
    guard let target = history.redoTarget else {
      throw CommandError("nothing to redo")
    }
    let first = history.position
    let through = target - first > 1 ? " through \(target)" : ""
    return try travel(to: target, note: "redid \(first + 1)\(through): \(try shortText(history.entries[first].action))", warns: false)
  }

  func jump(to target: Int, column: Int) throws(CommandError) -> [OutputLine] {
    let count = history.entries.count
    guard (0...count).contains(target) else {
      let range = count == 0 ? "only 0 (the initial state): no action dispatched yet" : "0 (the initial state) to \(count)"
      throw CommandError("no history entry \(target): jump takes \(range)", column: column)
    }
    let place = target == 0 ? "the initial state" : try shortText(history.entries[target - 1].action)
    return try travel(to: target, note: "jumped to \(target): \(place)", warns: target < history.position)
  }

  /// The action as the shell writes it, its arguments elided when it is longer than a line.
  private func shortText(_ action: Action) throws(CommandError) -> String {
    Self.shortened(try actionText(action))
  }

  /// An action's text, its arguments elided when it is longer than a line.
  nonisolated static func shortened(_ text: String) -> String {
    text.count <= ValuePrinter.lineWidth ? text : ValuePrinter.elidingArguments(text)
  }

  /// Moves the state to the history position `target` and returns `note`, the diff, the watches
  /// that changed and, when going back with listeners, that their side effects stay.
  private func travel(to target: Int, note: String, warns: Bool = true) throws(CommandError) -> [OutputLine] {
    let old = store.select { $0 }
    history.move(to: target)
    let new = history.currentState
    store.travel(to: new)
    var lines: [OutputLine] = [.note(note)]
    do {
      let diff = try stateDiff.lines(from: old, to: new)
      lines += diff.isEmpty ? [.note("no change")] : diff
    } catch {
      throw error.preceded(by: lines)
    }
    lines += watches.update(state: new, action: nil, logsSelectors: buffer.isEnabled(.selectors))
    if warns && store.hasListeners {
      lines.append(.note("the state only moved: what listeners already did (database rows, requests) stays done"))
    }
    return lines
  }
}
