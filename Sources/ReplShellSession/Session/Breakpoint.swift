import StateValues
/// A predicate on a selector's output (`break when selectValue == 3`) that stops a run at the
/// first dispatch that makes it true: once per crossing from false to true.
public struct Breakpoint<State: Sendable>: Sendable {
  /// The number `break` lists it under and `break clear N` takes; never reused in a session.
  public let number: Int
  /// The predicate, read once: its selector's arguments parsed and its value decoded.
  public let condition: Invariant<State>

  /// The predicate as typed after `break when`.
  var text: String { condition.text }

  /// Whether the dispatch from `old` to `new` made the predicate true.
  func isCrossed(from old: State, to new: State) -> Bool {
    condition.holds(new) && !condition.holds(old)
  }

  /// The invariant `explore` holds for it: the predicate stays false. Broken, the breakpoint is reached.
  public var negatedForExplore: Invariant<State> {
    let condition = condition
    return Invariant(predicate: condition.predicate, holds: { !condition.holds($0) }, output: condition.output)
  }

  /// The selector's output on `state`, on one line, for the report of the break; what went wrong
  /// in its place when the output cannot be printed, so that the report never just lacks it.
  func value(on state: State) -> String? {
    do {
      return try ValuePrinter.singleLine(condition.output(state))
    } catch {
      return "(its value cannot be printed: \(error.message))"
    }
  }
}

/// The breakpoints of a session, in the order they were set.
public struct BreakpointList<State: Sendable> {
  /// The breakpoints, in the order they were set.
  public private(set) var all: [Breakpoint<State>] = []
  private var nextNumber = 1

  /// Sets a breakpoint on `condition`; one typed the same way already set keeps its number.
  mutating func add(_ condition: Invariant<State>) -> (breakpoint: Breakpoint<State>, isNew: Bool) {
    if let known = all.first(where: { $0.text == condition.text }) { return (known, false) }
    let breakpoint = Breakpoint(number: nextNumber, condition: condition)
    nextNumber += 1
    all.append(breakpoint)
    return (breakpoint, true)
  }

  /// Drops every breakpoint; returns how many there were.
  mutating func clear() -> Int {
    defer { all.removeAll() }
    return all.count
  }

  /// Drops breakpoint `number`; false when there is none.
  mutating func remove(_ number: Int) -> Bool {
    guard let index = all.firstIndex(where: { $0.number == number }) else { return false }
    all.remove(at: index)
    return true
  }

  /// The breakpoints the dispatch from `old` to `new` made true.
  func crossed(from old: State, to new: State) -> [Breakpoint<State>] {
    all.filter { $0.isCrossed(from: old, to: new) }
  }

  /// What `break` alone prints.
  var lines: [OutputLine] {
    guard !all.isEmpty else { return [.note("no breakpoints: set one with `break when <selector> == <value>`")] }
    return all.map { .plain("\($0.number)  break when \($0.text)") }
  }
}
