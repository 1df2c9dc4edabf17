import StateValues
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
  /// the states most and least entered, the rarest transitions (`caseNames` names their action
  /// cases), and the declared values of leaves never reached.
  func lines<State>(abstraction: StateAbstraction<State>, caseNames: [String]) -> [OutputLine] {
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
    // The rarest transitions: the corners the runs only just reached.
    let taken = transitionRows(caseNames: caseNames, describe: { code in text(descriptions[code] ?? ["(not described)"]) })
      .sorted { $0.count < $1.count || ($0.count == $1.count && $0.text < $1.text) }
    if !taken.isEmpty {
      let listed = taken.prefix(Self.listedRare)
      lines.append(.plain(listed.count == taken.count ? "  transitions:" : "  the \(listed.count) rarest of the \(taken.count) transitions:"))
      lines += listed.map { row($0.count, $0.text) }
    }
    let never = neverReached(abstraction: abstraction)
    if !never.isEmpty {
      lines.append(.note("! never reached: \(never.joined(separator: ", "))"))
    }
    return lines
  }

  /// Each transition taken, as `from —case→ to` with the state before described by `describe`
  /// and the state after by the leaves that changed (`the same` when none did), and how often
  /// it was taken.
  func transitionRows(caseNames: [String], describe: (UInt64) -> String) -> [(count: Int, text: String)] {
    transitions.map { transition, count in
      let before = descriptions[transition.from] ?? []
      let after = descriptions[transition.to] ?? []
      let changed = before.count == after.count ? zip(before, after).filter { $0 != $1 }.map(\.1) : after
      let to = transition.from == transition.to || changed.isEmpty ? "the same" : changed.joined(separator: " ")
      return (count, "\(describe(transition.from)) —\(Self.caseName(transition.caseIndex, in: caseNames))→ \(to)")
    }
  }

  /// What a transition's case index names: an action case, or a held effect completed (-1,
  /// `ExploreEngine.Step.completeCase`) or failed (-2, `failCase`).
  static func caseName(_ index: Int, in caseNames: [String]) -> String {
    index >= 0 && index < caseNames.count ? caseNames[index] : index == -2 ? "fail" : "complete"
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
