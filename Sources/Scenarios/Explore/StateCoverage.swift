/// Which abstract states (`StateAbstraction`) an explore entered, how often, and which
/// transitions — abstract state, action case, abstract state after — it took.
struct StateCoverage: Sendable, Equatable {
  /// One step between abstract states, by their codes; `caseIndex` is the action case (negative:
  /// a held effect completed or failed, with `--effects`).
  struct Transition: Hashable, Sendable {
    let from: UInt64
    let caseIndex: Int
    let to: UInt64
  }

  /// Accepted steps that ended in each abstract state (and each run's start), by code.
  var states: [UInt64: Int] = [:]
  /// How often each transition was taken.
  var transitions: [Transition: Int] = [:]
  /// Each abstract state's leaves as `path=value`, kept the first time a job meets it.
  var descriptions: [UInt64: [String]] = [:]

  /// Adds another run's counts.
  mutating func add(_ other: StateCoverage) {
    states.merge(other.states, uniquingKeysWith: +)
    transitions.merge(other.transitions, uniquingKeysWith: +)
    descriptions.merge(other.descriptions) { kept, _ in kept }
  }

  /// How many abstract states were entered.
  var stateCount: Int { states.count }
  /// How many distinct transitions were taken.
  var transitionCount: Int { transitions.count }

  /// The most entered states the report lists, and the rarest after them.
  static var listedCommon: Int { 8 }
  static var listedRare: Int { 4 }

  /// The report's lines: the count of states and transitions, the leaves that never changed,
  /// the states most and least entered, and the declared values of leaves never reached.
  func lines<State>(abstraction: StateAbstraction<State>) -> [OutputLine] {
    guard !abstraction.leaves.isEmpty else {
      return [.note("states: the state has no enum, Bool, count or collection to abstract, so only action cases are counted")]
    }
    let described = states.keys.map { code in (code, descriptions[code] ?? ["(not described)"]) }
    // A leaf with one value in every state entered is said once, not on every row.
    let valuesByLeaf = leafValues(leafCount: abstraction.leaves.count)
    let varying = valuesByLeaf.indices.filter { valuesByLeaf[$0].count > 1 }
    let constant = valuesByLeaf.indices.filter { valuesByLeaf[$0].count == 1 }.compactMap { valuesByLeaf[$0].first }
    func text(_ leaves: [String]) -> String {
      guard leaves.count == abstraction.leaves.count, !varying.isEmpty else { return leaves.joined(separator: " ") }
      return varying.map { leaves[$0] }.joined(separator: " ")
    }
    let rows = described.map { (count: states[$0.0] ?? 0, text: text($0.1)) }.sorted { $0.count > $1.count || ($0.count == $1.count && $0.text < $1.text) }
    var lines: [OutputLine] = [
      .plain("states: \(stateCount) abstract state\(stateCount == 1 ? "" : "s") entered, \(transitionCount) distinct transition\(transitionCount == 1 ? "" : "s") (abstracted from \(abstraction.leaves.map(\.path).joined(separator: ", ")))")
    ]
    if !constant.isEmpty, !varying.isEmpty {
      lines.append(.plain("  the same in every state: \(constant.joined(separator: " "))"))
    }
    let width = max("steps".count, rows.first.map { "\($0.count)".count } ?? 0)
    func row(_ count: Int, _ text: String) -> OutputLine {
      .plain("  " + String(repeating: " ", count: max(0, width - "\(count)".count)) + "\(count)  \(text)")
    }
    lines.append(.plain("  " + String(repeating: " ", count: width - "steps".count) + "steps  abstract state"))
    let shown = rows.count <= Self.listedCommon + Self.listedRare + 1 ? rows[...] : rows.prefix(Self.listedCommon)
    lines += shown.map { row($0.count, $0.text) }
    if shown.count < rows.count {
      let hidden = rows[shown.count..<(rows.count - Self.listedRare)]
      lines.append(.plain("  … \(hidden.count) more, entered \(hidden.reduce(0) { $0 + $1.count }) times in all; the rarest:"))
      lines += rows.suffix(Self.listedRare).map { row($0.count, $0.text) }
    }
    let never = neverReached(abstraction: abstraction)
    if !never.isEmpty {
      lines.append(.note("! never reached: \(never.joined(separator: ", "))"))
    }
    return lines
  }

  /// The values each leaf took in the states entered (as `path=value`), by leaf.
  private func leafValues(leafCount: Int) -> [Set<String>] {
    var values = Array(repeating: Set<String>(), count: leafCount)
    for code in states.keys {
      guard let leaves = descriptions[code], leaves.count == leafCount else { continue }
      for (index, leaf) in leaves.enumerated() { values[index].insert(leaf) }
    }
    return values
  }

  /// The values the leaves' types declare (every case of a `CaseIterable` enum, both `Bool`s)
  /// that no state entered took, as `path=value`.
  func neverReached<State>(abstraction: StateAbstraction<State>) -> [String] {
    let seen = leafValues(leafCount: abstraction.leaves.count)
    var never: [String] = []
    for (index, leaf) in abstraction.leaves.enumerated() {
      guard let declared = leaf.declared else { continue }
      never += declared.map { "\(leaf.path)=\($0)" }.filter { !seen[index].contains($0) }
    }
    return never
  }
}
