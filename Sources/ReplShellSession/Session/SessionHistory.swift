import ReplShellDomain
import SessionProtocol
import StateValues
/// The actions a session dispatched, in order, each with the state it led to, and the position the
/// state is at: going back (undo, jump) and forward again (redo) moves the position and needs
/// nothing the history does not hold. States share their structure, so keeping them copies nothing.
/// A class, which its session alone holds: code generic over the state reaches a class's members
/// through the instance, and a struct's through type metadata it looks up on every call.
public final class SessionHistory<State, Action> {
  /// One dispatched action.
  public struct Entry {
    /// A number no other entry of the session has, even after undone entries were dropped.
    public let serial: Int
    /// The action.
    public let action: Action
    /// The action as the shell writes it, as its dispatch event gave it.
    let text: String
    /// Who dispatched it.
    public let origin: DispatchEvent.Origin
    /// What led to it: a line, or the entry whose listener dispatched it; nil when not known.
    public let cause: HistoryCause?
    /// Whether `hide` kept it out of what the dispatch printed.
    let isHidden: Bool
    /// The state the reducer returned for it.
    public let state: State
  }

  /// Where the state stands: kept up to date as entries are added and the position moves, and
  /// stored first, where code generic over the state reads it at a fixed offset.
  public private(set) var mark = HistoryMark(current: 0, lastUserDispatch: 0)
  /// The state before the first entry, where `jump 0` goes.
  public private(set) var initialState: State
  /// Every entry, oldest first; those after `position` are undone.
  public private(set) var entries: [Entry] = []
  /// How many entries the current state has applied (`history` numbers entries from 1).
  public private(set) var position = 0
  /// The serial of the last entry the user or a script dispatched; 0 before any.
  private(set) var lastUserSerial = 0
  private var nextSerial = 1
  /// How many of the oldest entries were dropped (`dropOldest`): a live store's history keeps
  /// the latest only.
  private(set) var droppedCount = 0
  /// Whether `history` marks the app's own actions `(app)`: on a live store, where they sit
  /// beside the shell's (a replayed flight recorder's are all the app's, and left unmarked).
  var marksAppActions = false

  /// A history that starts at `initialState`.
  init(initialState: State) {
    self.initialState = initialState
  }

  /// The state at the current position.
  public var currentState: State {
    position == 0 ? initialState : entries[position - 1].state
  }

  /// The serial of the entry at the current position; 0 at the initial state. The mark keeps it:
  /// read there, it costs no lookup of the entries' generic type.
  var currentSerial: Int {
    mark.current
  }

  /// The position of each entry the current state has applied, by serial.
  var appliedPositions: [Int: Int] {
    Dictionary(uniqueKeysWithValues: entries.prefix(position).enumerated().map { ($1.serial, $0 + 1) })
  }

  /// Appends an action and the state it led to, dropping the undone entries first; returns the
  /// new entry's serial and its position, which is the current position now.
  @discardableResult
  public func append(
    _ action: Action, text: String, origin: DispatchEvent.Origin, cause: HistoryCause?, isHidden: Bool, state: State
  ) -> (serial: Int, position: Int) {
    if position < entries.count { entries.removeSubrange(position...) }
    let serial = nextSerial
    entries.append(Entry(serial: serial, action: action, text: text, origin: origin, cause: cause, isHidden: isHidden, state: state))
    if origin != .listener { lastUserSerial = serial }
    nextSerial += 1
    let appended = entries.count
    position = appended
    mark = HistoryMark(current: serial, lastUserDispatch: lastUserSerial)
    return (serial, appended)
  }

  /// Drops the `count` oldest entries, applied ones only (a live store's history, which never
  /// moves back): the state after the last dropped becomes the state before the first kept, and
  /// the entries kept are numbered from 1 again.
  func dropOldest(_ count: Int) {
    let count = min(count, position)
    guard count > 0 else { return }
    initialState = entries[count - 1].state
    entries.removeFirst(count)
    position -= count
    droppedCount += count
  }

  /// The position (`history`'s number) of the entry with `serial`; nil once it was dropped.
  func position(ofSerial serial: Int) -> Int? {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].serial < serial { low = middle + 1 } else { high = middle }
    }
    return low < entries.count && entries[low].serial == serial ? low + 1 : nil
  }

  /// The cause of the entry at `position` as events and `history` write it: the line, or the
  /// position of the entry whose listener dispatched it; nil when not known or since dropped.
  func eventCause(of cause: HistoryCause?) -> DispatchEvent.Cause? {
    switch cause {
    case .line(let line): line
    case .listener(let serial): position(ofSerial: serial).map { .entry($0) }
    case nil: nil
    }
  }

  /// The action dispatched `back` dispatches ago (1: the latest); nil once the history dropped it.
  func action(dispatchedBack back: Int) -> Action? {
    let serial = nextSerial - back
    return entries.last { $0.serial == serial }?.action
  }

  /// The position before the last user dispatch the current state applied; nil when there is none.
  public var undoTarget: Int? {
    entries.prefix(position).lastIndex { $0.origin != .listener }
  }

  /// The position after the next undone user dispatch and what its listeners dispatched; nil when nothing is undone.
  public var redoTarget: Int? {
    guard position < entries.count else { return nil }
    return entries.indices.first { $0 > position && entries[$0].origin != .listener } ?? entries.count
  }

  /// Moves the current position to `target`, which must be in `0...entries.count`.
  public func move(to target: Int) {
    precondition((0...entries.count).contains(target), "a history position out of range")
    position = target
    mark = HistoryMark(current: target == 0 ? 0 : entries[target - 1].serial, lastUserDispatch: lastUserSerial)
  }

  /// The lines of `history`: each position, right-aligned, and the action as its dispatch event
  /// wrote it, its arguments folded to `(…)` when it is longer than a line as a dispatch folds a
  /// listener's (`full` keeps every action whole); when entries are undone, a line marks the
  /// current position and they are marked `(undone)`. With `only`, just the entries at those
  /// positions are listed.
  func lines(full: Bool, only: Set<Int>? = nil) -> [OutputLine] {
    if entries.isEmpty { return [.note("no actions dispatched yet")] }
    let width = String(entries.count).count
    var lines: [OutputLine] = []
    lines.reserveCapacity(entries.count + 2)
    var folded = false
    for (index, entry) in entries.enumerated() {
      if index == position, only == nil || only?.contains(where: { $0 > position }) == true {
        lines.append(.note(position == 0 ? "── now: the initial state ──" : "── now: the state after \(position) ──"))
      }
      if let only, !only.contains(index + 1) { continue }
      let (line, isFolded) = line(for: entry, at: index + 1, width: width, depth: 0, full: full)
      folded = folded || isFolded
      lines.append(line)
    }
    if folded { lines.append(.note("(…) marks arguments left out: `history --full` prints every action whole")) }
    return lines
  }

  /// The line of `entry` at `position`, its number right-aligned to `width` and its action
  /// indented by `depth` levels; and whether its arguments were folded.
  func line(for entry: Entry, at position: Int, width: Int, depth: Int, full: Bool, suffix: String = "") -> (OutputLine, folded: Bool) {
    let number = String(repeating: " ", count: max(0, width - String(position).count)) + String(position)
    let listener = entry.origin == .listener
    let marks = [listener ? "listener" : nil, marksAppActions && entry.origin == .app ? "app" : nil, entry.isHidden ? "hidden" : nil, position > self.position ? "undone" : nil]
      .compactMap { $0 }.map { "   (\($0))" }.joined()
    let text = full ? entry.text : TranscriptRenderer.shortened(entry.text)
    let indent = String(repeating: "  ", count: depth)
    return (.plain("\(number)  \(indent)\(listener ? "↳ " : "")\(text)\(marks)\(suffix)"), text != entry.text)
  }
}
