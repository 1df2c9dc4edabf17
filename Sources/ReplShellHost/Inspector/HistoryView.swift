import ReplShellSession
import StateValues
/// The state at one history entry, as the inspector's time slider and its skip controls ask for
/// it: the entry's own state from the history when nothing is skipped; otherwise a what-if, every
/// state from the first skipped entry on recomputed by the reducer alone in a scratch copy (the
/// listeners are not run, the store, the history and every file are left as they are). With it
/// the state before the entry, in the same what-if, so that the page can mark what the entry changed.
struct HistoryView: Sendable {
  /// The state after the entry at `position` (0: the initial state), as a tree.
  let tree: StateTree
  /// The state before it: the same tree at position 0.
  let before: StateTree
  /// The entries whose action the reducer rejected in the recomputed states, which left the
  /// state as it was: an action that only made sense after a skipped one.
  let rejected: [Int]
  /// Whether any entry up to `position` was skipped: the state is a what-if, no store's.
  let isWhatIf: Bool

  /// The most entries one view may skip.
  static let skippedLimit = 64

  /// What one view is of: the session, where its history stood, the entry and what was skipped.
  struct Key: Equatable, Sendable {
    let session: ObjectIdentifier
    let mark: HistoryMark
    let position: Int
    let skipped: [Int]
  }
}

extension ShellInspection {
  /// The view of the entry at `position` with the entries `skipped` left out: its key, which
  /// names the history as it stands, and the work that makes it, to run off the main actor.
  /// Throws when there is no session, the position is not in the history, or too many entries
  /// (or ones not in the history) are skipped.
  func historyView(
    position: Int, skipped: [Int]
  ) throws(CommandError) -> (key: HistoryView.Key, make: @Sendable () throws(CommandError) -> HistoryView) {
    guard let shell else { throw CommandError("the shell has ended") }
    let session = try shell.slot.require(domains: shell.domains)
    guard !session.backend.isAppStore else {
      throw CommandError("the slider and skip read the session's own history; a live store has none: type `fork` for a sandbox copy")
    }
    guard skipped.count <= HistoryView.skippedLimit else {
      throw CommandError("at most \(HistoryView.skippedLimit) entries can be skipped at once; un-skip some first")
    }
    let reader = HistoryViewReader(position: position, skipped: Set(skipped))
    let make = try session.read(reader)
    let key = HistoryView.Key(session: ObjectIdentifier(session), mark: session.historyMark, position: position, skipped: Set(skipped).sorted())
    return (key, make)
  }
}

/// Takes what a view needs from the typed session now (the actions and states of the history,
/// the reducer), to make the view later on any thread.
struct HistoryViewReader: SessionReader {
  let position: Int
  let skipped: Set<Int>

  func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(CommandError) -> @Sendable () throws(CommandError) -> HistoryView {
    let history = session.timeline.history
    let count = history.entries.count
    guard (0...count).contains(position) else {
      throw CommandError("no history entry \(position): the history holds 0 (the initial state) to \(count)")
    }
    if let outside = skipped.first(where: { !(1...max(count, 1)).contains($0) || count == 0 }) {
      throw CommandError("no history entry \(outside) to skip: the history holds 1 to \(count)")
    }
    let initial = history.initialState
    let entries = history.entries.prefix(position)
    let states = entries.map(\.state)
    let actions = entries.map(\.action)
    let (position, skipped) = (self.position, self.skipped)
    let firstSkipped = skipped.filter { $0 <= position }.min()
    let reducer = session.reducer
    return { () throws(CommandError) -> HistoryView in
      let stateAt = { (at: Int) in at == 0 ? initial : states[at - 1] }
      guard let firstSkipped else {
        return HistoryView(
          tree: StateTree(root: try ValueEncoder.encodeForShell(stateAt(position))),
          before: StateTree(root: try ValueEncoder.encodeForShell(stateAt(max(position - 1, 0)))), rejected: [], isWhatIf: false)
      }
      // The scratch copy: the state before the first skipped entry, then the reducer alone over
      // each later action that is not skipped, in order; a rejected one leaves the state as it was.
      var state = stateAt(firstSkipped - 1)
      var before = state
      var rejected: [Int] = []
      for at in firstSkipped...position {
        before = state
        if skipped.contains(at) { continue }
        do {
          state = try reducer(state, actions[at - 1])
        } catch {
          rejected.append(at)
        }
      }
      return HistoryView(
        tree: StateTree(root: try ValueEncoder.encodeForShell(state)), before: StateTree(root: try ValueEncoder.encodeForShell(before)),
        rejected: rejected, isWhatIf: true)
    }
  }
}

extension StateTree {
  /// The names among the children of `path` (at most `limit` from `offset`, as a page lists
  /// them) whose value differs from the one `earlier` holds there, or that `earlier` lacks.
  /// Throws when this state has no such path.
  func changedChildren(at path: [String], comparedWith earlier: StateTree, offset: Int, limit: Int) throws(CommandError) -> [String] {
    let value = try value(at: path)
    let earlierValue: Value?
    do {
      earlierValue = try earlier.value(at: path)
    } catch {
      // The earlier state lacks the path: every child is new.
      earlierValue = nil
    }
    if earlierValue == value { return [] }
    let children = StateNavigator.children(of: value)
    let earlierChildren = earlierValue.map { Dictionary(StateNavigator.children(of: $0).map { ($0.component, $0.value) }, uniquingKeysWith: { first, _ in first }) } ?? [:]
    let start = min(max(offset, 0), children.count)
    return children[start..<min(start + max(limit, 0), children.count)].compactMap { child in
      earlierChildren[child.component] == child.value ? nil : child.component.label
    }
  }

  /// The tree's names along `text`, a path in the grammar of `state` (`quakes.features[3].id`),
  /// and the path as `state` prints it; throws where the text is no path or the state has no such part.
  func names(alongPath text: String) throws(CommandError) -> (names: [String], text: String) {
    let path = try StatePath(parsing: text)
    var value = root
    var names: [String] = []
    var walked = StatePath()
    for component in path.components {
      guard let child = StateNavigator.children(of: value).first(where: { $0.component == component }) else {
        throw CommandError("`\(walked)` has no `\(component.written(first: walked.components.isEmpty))`")
      }
      names.append(child.component.label)
      walked = walked.appending(child.component)
      value = child.value
    }
    return (names, walked.description)
  }
}
