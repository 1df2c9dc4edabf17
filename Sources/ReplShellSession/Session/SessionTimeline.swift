import ImmutableData
import ReplShellDomain
import SessionProtocol
import StateValues

/// The store and where its state has been: the history of what it dispatched, the wait for its
/// listeners, the last dispatch for `diff`, the last rejection for `shrink rejects`, the decoded
/// actions kept for the next dispatch of the same text, and moving the state along the history
/// (`undo`, `redo`, `jump`).
@MainActor public final class SessionTimeline<State: Sendable, Action: Decodable & Equatable & Sendable> {
  /// The store the session drives.
  public let store: SessionStore<State, Action>
  /// Every action the store applied, with the state after it.
  public let history: SessionHistory<State, Action>
  /// Waits for the store's listeners.
  let settler: Settler
  /// The actions decoded from the text typed, by that text.
  public let actionCache = ActionCache<Action>()
  /// The last dispatch that was not a listener's, then what listeners dispatched after it: what `diff` prints.
  public private(set) var lastDispatch: [DispatchEvent] = []
  /// The last action the reducer rejected, dispatched or replayed from a recording: what
  /// `shrink rejects` shrinks toward when it names none.
  public var lastRejection: RejectedAction<Action>?

  /// A timeline over `store`, its history starting at `initialState`; a wait for listeners gives up after `settleTimeout`.
  init(store: SessionStore<State, Action>, initialState: State, settleTimeout: Duration) {
    self.store = store
    self.history = SessionHistory(initialState: initialState)
    self.settler = Settler(activity: store.activity, timeout: settleTimeout)
  }

  /// Remembers `event` for `diff`: a dispatch that is not a listener's starts it afresh.
  public func rememberForDiff(_ event: DispatchEvent) {
    if event.origin != .listener {
      // The usual case, one dispatch replacing one, without emptying the array first.
      if lastDispatch.count == 1 {
        lastDispatch[0] = event
        return
      }
      lastDispatch.removeAll(keepingCapacity: true)
    }
    lastDispatch.append(event)
  }

  /// How many entries the history lists and the position of each entry the state has applied.
  public var historyPosition: HistoryPosition {
    HistoryPosition(count: history.entries.count, applied: history.appliedPositions)
  }

  /// Where the state stands in the history.
  var historyMark: HistoryMark {
    history.mark
  }

  /// Moves the state along the history, emitting on `events` what moved (the diff by `stateDiff`);
  /// `moved` is told the new state before the note on listeners' side effects goes out.
  func travel(
    _ move: TimeTravel, stateDiff: StateDiff, events: SessionEventStream, moved: (State) -> Void
  ) throws(CommandError) {
    let target: Int
    let note: String
    var warns = true
    switch move {
    case .undo:
      guard let found = history.undoTarget else {
        throw CommandError(history.entries.isEmpty ? "nothing to undo: no action dispatched yet" : "nothing to undo: the state is the initial state")
      }
      let taken = history.entries[found]
      let followers = history.position - found - 1
      let listeners = followers == 0 ? "" : " and \(followers) action\(followers == 1 ? "" : "s") its listeners dispatched"
      (target, note) = (found, "undid \(found + 1): \(shortText(taken))\(listeners)")
    case .redo:
      guard let found = history.redoTarget else {
        throw CommandError("nothing to redo")
      }
      let first = history.position
      let through = found - first > 1 ? " through \(found)" : ""
      (target, note, warns) = (found, "redid \(first + 1)\(through): \(shortText(history.entries[first]))", false)
    case .jump(let to, let column):
      let count = history.entries.count
      guard (0...count).contains(to) else {
        let range = count == 0 ? "only 0 (the initial state): no action dispatched yet" : "0 (the initial state) to \(count)"
        throw CommandError("no history entry \(to): jump takes \(range)", column: column)
      }
      let place = to == 0 ? "the initial state" : shortText(history.entries[to - 1])
      (target, note, warns) = (to, "jumped to \(to): \(place)", to < history.position)
    }
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
    moved(new)
    if warns && store.hasListeners {
      events.emit(.note("the state only moved: what listeners already did (database rows, requests) stays done"))
    }
  }

  /// The action as the shell writes it, its arguments elided when it is longer than a line.
  private func shortText(_ entry: SessionHistory<State, Action>.Entry) -> String {
    TranscriptRenderer.shortened(entry.text)
  }
}
