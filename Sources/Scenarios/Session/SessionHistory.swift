/// The actions a session dispatched, in order, each at its position with the state it led to, so
/// that going back to a position (undo, jump) needs nothing the history does not hold.
struct SessionHistory<State, Action> {
  /// One dispatched action.
  struct Entry {
    /// Its 1-based position, as `history` numbers it.
    let position: Int
    /// The action.
    let action: Action
    /// Whether a listener dispatched it, rather than the user.
    let byListener: Bool
    /// Whether `hide` kept it out of what the dispatch printed.
    let isHidden: Bool
    /// The state the reducer returned for it.
    let state: State
  }

  /// Every entry, oldest first.
  private(set) var entries: [Entry] = []

  /// Appends an action and the state it led to.
  mutating func append(_ action: Action, byListener: Bool, isHidden: Bool, state: State) {
    entries.append(Entry(position: entries.count + 1, action: action, byListener: byListener, isHidden: isHidden, state: state))
  }

  /// The lines of `history`: each position, right-aligned, and the action as `text` writes it.
  func lines(text: (Action) throws(CommandError) -> String) throws(CommandError) -> [OutputLine] {
    if entries.isEmpty { return [.note("no actions dispatched yet")] }
    let width = String(entries.count).count
    var lines: [OutputLine] = []
    lines.reserveCapacity(entries.count)
    for entry in entries {
      let number = String(repeating: " ", count: width - String(entry.position).count) + String(entry.position)
      let listener = entry.byListener
      let marks = [listener ? "listener" : nil, entry.isHidden ? "hidden" : nil].compactMap { $0 }
      let suffix = marks.isEmpty ? "" : "   (" + marks.joined(separator: ", ") + ")"
      lines.append(.plain("\(number)  \(listener ? "↳ " : "")\(try text(entry.action))\(suffix)"))
    }
    return lines
  }
}
