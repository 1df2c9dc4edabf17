import StateValues
/// A selector's output held to a value (`selectValue != 3`) after every dispatch of the session
/// and every action `explore` tries.
public struct Invariant<State: Sendable>: Sendable {
  /// The predicate as typed after `invariant`, also for `expect` lines of saved scenarios.
  public let predicate: Predicate
  /// Whether the invariant holds on a state.
  public let holds: @Sendable (State) -> Bool
  /// The selector's output on a state, for the report of a broken invariant.
  public let output: @Sendable (State) throws(CommandError) -> Value
  /// Whether it is checked only once the listeners are done and no side effect is held
  /// (`invariant --settled`), not after every dispatch.
  public var isSettled = false

  /// The invariant `predicate`, tested by `holds`, whose `output` a broken report prints.
  public init(
    predicate: Predicate, holds: @escaping @Sendable (State) -> Bool, output: @escaping @Sendable (State) throws(CommandError) -> Value,
    isSettled: Bool = false
  ) {
    self.predicate = predicate
    self.holds = holds
    self.output = output
    self.isSettled = isSettled
  }

  /// The invariant as typed after `invariant`: `selectValue != 3`, `--settled selectValue != 3`.
  public var text: String { (isSettled ? "--settled " : "") + predicate.text }
  /// The selector call.
  var call: SelectorCall { predicate.call }

  /// The selector's output on `state` as the report of a broken invariant prints it: `actual: 3`.
  public func actualLines(on state: State) -> [String] {
    do {
      return predicate.actualLines(output: try output(state))
    } catch {
      return ["actual: (cannot be printed: \(error.message))"]
    }
  }
}

/// The invariants switched on in a session, in the order they were typed.
public struct InvariantList<State: Sendable> {
  /// The invariants, in the order they were typed.
  public private(set) var all: [Invariant<State>] = []

  /// Adds `invariant`, replacing one typed the same way.
  mutating func add(_ invariant: Invariant<State>) {
    all.removeAll { $0.text == invariant.text }
    all.append(invariant)
  }

  /// Drops every invariant; returns how many there were.
  mutating func clear() -> Int {
    defer { all.removeAll() }
    return all.count
  }

  /// The first invariant that does not hold on `state`: of those checked after every dispatch,
  /// or of those checked once the listeners settle.
  func firstBroken(on state: State, settled: Bool = false) -> Invariant<State>? {
    all.first { $0.isSettled == settled && !$0.holds(state) }
  }

  /// Whether any invariant waits for the listeners to settle.
  var hasSettled: Bool { all.contains { $0.isSettled } }

  /// What `invariant` alone prints.
  var lines: [OutputLine] {
    guard !all.isEmpty else { return [.note("no invariants: add one with `invariant <selector> == <value>`")] }
    return all.map { .plain("invariant \($0.text)") }
  }
}
