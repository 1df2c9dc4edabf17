import ReplShellDomain
import StateValues
/// One change of the value at a path: the history entry that made it, and the value before and
/// after (nil where the state had no such part).
struct PathChange {
  /// The entry's position, as `history` numbers it.
  let position: Int
  let before: Value?
  let after: Value?
}

/// The why index: the paths each history entry changed, and the questions asked of them — `why`,
/// `history --changed`, the last change at a path (the inspector's), and the chain of causes of an
/// entry (a breakpoint's stop).
@MainActor public final class WhyIndex<State: Sendable, Action: Decodable & Equatable & Sendable> {
  /// The paths each history entry changed, for `why` and `history --changed`.
  let changeIndex = ChangeIndex()
  /// The history searched.
  private let history: SessionHistory<State, Action>
  /// The store, whose current state names the paths asked about.
  private let store: SessionStore<State, Action>
  /// Where the store lives: what the history leaves out.
  let backend: SessionBackend

  /// An index over `timeline`'s history, on a store that lives at `backend`.
  init(timeline: SessionTimeline<State, Action>, backend: SessionBackend) {
    self.history = timeline.history
    self.store = timeline.store
    self.backend = backend
  }

  /// The part of the current state at `path`; an error points at `column`.
  private func state(at path: StatePath, column: Int) throws(CommandError) -> Value {
    try StateNavigator(root: ValueEncoder.encodeForShell(store.select { $0 })).value(at: path, column: column)
  }

  /// The state before the entry at `position` (1 for the first entry).
  private func state(before position: Int) -> State {
    position <= 1 ? history.initialState : history.entries[position - 2].state
  }

  /// How the paths the entry at `position` changed relate to `path`: from the index, where the
  /// entry's diff is recorded; for an entry whose diff was never computed (a hidden listener's
  /// action, a replayed one), by comparing the parts at `path` in the states before and after
  /// it, which reads two paths instead of diffing two whole states.
  private func relation(of path: [StatePath.Component], at position: Int) throws(CommandError) -> ChangeIndex.Relation {
    let entry = history.entries[position - 1]
    if let known = changeIndex.relation(serial: entry.serial, to: path) { return known }
    switch (try StateReader.part(at: path, in: state(before: position))?.part, try StateReader.part(at: path, in: entry.state)?.part) {
    case (nil, nil): return .unchanged
    case (let before?, let after?): return try before.isEqual(to: after) ? .unchanged : .changed
    default: return .changed
    }
  }

  /// The value at `path` in the states before and after the entry at `position`, when it changed
  /// there; nil when it did not.
  private func change(of path: [StatePath.Component], at position: Int, valuesNeeded: Bool) throws(CommandError) -> PathChange? {
    let relation = try relation(of: path, at: position)
    if relation == .unchanged { return nil }
    if relation == .changed && !valuesNeeded { return PathChange(position: position, before: nil, after: nil) }
    let before = try StateReader.value(at: path, in: state(before: position))?.value
    let after = try StateReader.value(at: path, in: history.entries[position - 1].state)?.value
    if relation == .leafAbove && before == after { return nil }
    return PathChange(position: position, before: before, after: after)
  }

  /// The entries among `positions` that changed the value at `path`, newest first when
  /// `positions` runs backwards; the first only when `firstOnly`.
  private func changes(
    of path: [StatePath.Component], in positions: some Sequence<Int>, firstOnly: Bool, valuesNeeded: Bool
  ) throws(CommandError) -> [PathChange] {
    var found: [PathChange] = []
    for position in positions {
      guard let change = try change(of: path, at: position, valuesNeeded: valuesNeeded) else { continue }
      found.append(change)
      if firstOnly { break }
    }
    return found
  }

  /// `path` with each step as the current state names it, and its value there; when the state
  /// has no such part now, the path as typed and no value.
  private func resolve(_ path: StatePath) throws(CommandError) -> (components: [StatePath.Component], value: Value?) {
    if let found = try StateReader.value(at: path.components, in: store.select { $0 }) {
      return (found.path, found.value)
    }
    return (path.components, nil)
  }

  /// The lines of `why`: the applied entry that last changed the value at `path` (every one, oldest
  /// first, with `all`), the value before and after, and its chain of causes back to the line
  /// that started it. A path the state lacks and no entry changed is an error that points at
  /// `column` and names what there is.
  public func why(_ path: StatePath, all: Bool, column: Int) throws(CommandError) -> [OutputLine] {
    let (components, current) = try resolve(path)
    let applied = history.position
    let positions = all ? Array(stride(from: 1, through: applied, by: 1)) : Array(stride(from: applied, through: 1, by: -1))
    let found = try changes(of: components, in: positions, firstOnly: !all, valuesNeeded: true)
    let written = StatePath(components).description
    guard !found.isEmpty else {
      guard let current else {
        // Not in the state and never changed: the navigator's error names what there is.
        _ = try state(at: path, column: column)
        throw CommandError("`\(path)` is not in the state", column: column)
      }
      let unchanged = history.droppedCount > 0 ? "`\(written)` was changed by none of the entries kept. It is:" : backend.unchangedNote(written)
      var lines: [OutputLine] = [.note(unchanged)]
      lines += ValuePrinter.pretty(current, indent: 2).map { .plain($0) }
      return lines + undoneNote + liveNote
    }
    var lines: [OutputLine] = []
    for change in found {
      lines += changeLines(change)
    }
    return lines + undoneNote + liveNote
  }

  /// On a live store: what the history leaves out.
  private var liveNote: [OutputLine] { droppedNote + backend.historyScopeNote }

  /// When the oldest entries were dropped (a live store's history keeps the latest): how many.
  private var droppedNote: [OutputLine] {
    let dropped = history.droppedCount
    guard dropped > 0 else { return [] }
    return [.note("(the \(dropped) oldest entr\(dropped == 1 ? "y is" : "ies are") no longer kept: a live history keeps the latest \(DomainSession<State, Action>.liveHistoryLimit), numbered from 1)")]
  }

  /// The last entry up to the current position that changed the value at `path`: its number and its
  /// action, as `history` writes them; nil when none did.
  public func lastChange(of path: StatePath) throws(CommandError) -> (entry: Int, action: String)? {
    let components = try resolve(path).components
    let positions = stride(from: history.position, through: 1, by: -1)
    guard let change = try changes(of: components, in: positions, firstOnly: true, valuesNeeded: false).first else { return nil }
    return (change.position, TranscriptRenderer.shortened(history.entries[change.position - 1].text))
  }

  /// The lines of one change: the entry, the value before and after, and the causes.
  private func changeLines(_ change: PathChange) -> [OutputLine] {
    let entry = history.entries[change.position - 1]
    var lines: [OutputLine] = [.plain(entryTitle(entry, at: change.position))]
    switch (change.before, change.after) {
    case (let before?, let after?):
      LeafDiff.appendDiff(before, after, prefix: "", suffix: "", indent: 2, to: &lines)
    case (let before?, nil):
      LeafDiff.appendWhole(before, kind: .removed, prefix: "", suffix: "  // removed", indent: 2, to: &lines)
    case (nil, let after?):
      LeafDiff.appendWhole(after, kind: .added, prefix: "", suffix: "  // added", indent: 2, to: &lines)
    case (nil, nil):
      break
    }
    return lines + causeLines(of: entry)
  }

  /// `#5 ↳ data.persistentSession.didUpdateAnimal(…)`: an entry as `why` names it.
  private func entryTitle(_ entry: SessionHistory<State, Action>.Entry, at position: Int) -> String {
    "#\(position) \(entry.origin == .listener ? "↳ " : "")\(TranscriptRenderer.shortened(entry.text))"
  }

  /// The chain of causes of the entry at `position` (as `history` numbers it), one line each
  /// without its indent: what a breakpoint's stop shows.
  func causeChain(ofEntryAt position: Int) -> [String] {
    guard history.entries.indices.contains(position - 1) else { return [] }
    return causeLines(of: history.entries[position - 1]).map { $0.text.trimmingCharacters(in: .whitespaces) }
  }

  /// The chain of causes of `entry`, one line each, back to the line that started it.
  private func causeLines(of entry: SessionHistory<State, Action>.Entry) -> [OutputLine] {
    var lines: [OutputLine] = []
    var cause = entry.cause
    var origin = entry.origin
    // Each step goes to an earlier entry: the chain ends within the history's length.
    while true {
      switch cause {
      case .line(let line):
        lines.append(.plain("  ← caused by \(line.description)"))
        return lines
      case .listener(let serial):
        guard let position = history.position(ofSerial: serial) else {
          lines.append(.note("  ← caused by an entry the history no longer holds"))
          return lines
        }
        let causing = history.entries[position - 1]
        lines.append(.plain("  ← caused by \(entryTitle(causing, at: position))"))
        cause = causing.cause
        origin = causing.origin
      case nil:
        if origin == .app {
          lines.append(.plain("  ← dispatched by the app itself"))
        } else if origin == .listener {
          lines.append(.note("  ← cause not known: dispatched by a task a listener started, not by its loop over the store's stream"))
        }
        return lines
      }
    }
  }

  /// A note when entries are undone: `why` looks at the applied ones only.
  private var undoneNote: [OutputLine] {
    let undone = history.entries.count - history.position
    return undone == 0 ? [] : [.note("(\(undone) undone entr\(undone == 1 ? "y is" : "ies are") not counted: `why` looks at the state as it is now)")]
  }

  /// The lines of `history`: as a tree of causes with `tree`, only the entries that changed the
  /// value at `changed` when given.
  public func historyLines(full: Bool, tree: Bool, changed: StatePath?, column: Int) throws(CommandError) -> [OutputLine] {
    guard let changed else {
      if history.entries.isEmpty, let note = backend.emptyHistoryNote {
        return [note]
      }
      return (tree ? history.treeLines(full: full) : history.lines(full: full)) + droppedNote
    }
    let (components, current) = try resolve(changed)
    let found = try changes(of: components, in: history.entries.indices.map { $0 + 1 }, firstOnly: false, valuesNeeded: false)
    if found.isEmpty {
      if current == nil { _ = try state(at: changed, column: column) }
      return [.note("no entry changed `\(StatePath(components).description)`")] + liveNote
    }
    let positions = Set(found.map(\.position))
    return (tree ? history.treeLines(full: full, only: positions) : history.lines(full: full, only: positions)) + liveNote
  }
}
