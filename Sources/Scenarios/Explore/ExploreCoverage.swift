import StateValues
/// How each action case fared in an explore: generated, accepted, rejected (and why, most often),
/// and how often it changed the state.
struct ExploreCoverage: Sendable, Equatable {
  /// The counts of one action case.
  struct Counts: Sendable, Equatable {
    var generated = 0
    var accepted = 0
    var rejected = 0
    var changed = 0
    /// Generated payloads the action type could not decode.
    var undecodable = 0
    /// How often the reducer rejected it, by error.
    var rejections: [String: Int] = [:]

    /// The error the reducer threw most often (the first in text order among equals).
    var mostFrequentRejection: (error: String, count: Int)? {
      rejections.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }.map { ($0.key, $0.value) }
    }

    mutating func add(_ other: Counts) {
      generated += other.generated
      accepted += other.accepted
      rejected += other.rejected
      changed += other.changed
      undecodable += other.undecodable
      rejections.merge(other.rejections, uniquingKeysWith: +)
    }
  }

  /// The counts of each case, in catalog order.
  var cases: [Counts]
  /// How many runs these counts cover.
  var runs = 0
  /// With `--effects`: the side effects the listeners started, and how many the runs completed and failed.
  var effectsMade = 0
  var effectsCompleted = 0
  var effectsFailed = 0
  /// The abstract states entered and the transitions between them.
  var states = StateCoverage()
  /// For each `--cover` requirement: the accepted steps after which its predicate held, and the
  /// runs in which it held after at least one.
  var requirementSteps: [Int]
  var requirementRuns: [Int]

  /// No counts yet for `caseCount` cases and `requirementCount` coverage requirements.
  init(caseCount: Int, requirementCount: Int = 0) {
    cases = Array(repeating: Counts(), count: caseCount)
    requirementSteps = Array(repeating: 0, count: requirementCount)
    requirementRuns = Array(repeating: 0, count: requirementCount)
  }

  /// Adds another run's counts.
  mutating func add(_ other: ExploreCoverage) {
    for index in cases.indices { cases[index].add(other.cases[index]) }
    runs += other.runs
    effectsMade += other.effectsMade
    effectsCompleted += other.effectsCompleted
    effectsFailed += other.effectsFailed
    states.add(other.states)
    for index in requirementSteps.indices where index < other.requirementSteps.count {
      requirementSteps[index] += other.requirementSteps[index]
      requirementRuns[index] += other.requirementRuns[index]
    }
  }

  /// Every action the reducer accepted.
  var acceptedSteps: Int { cases.reduce(0) { $0 + $1.accepted } }

  /// Every action tried, and every held effect completed or failed.
  var steps: Int { cases.reduce(0) { $0 + $1.generated } + effectsCompleted + effectsFailed }

  /// What the runs did with held effects, when they held any.
  var effectsLine: OutputLine? {
    guard effectsMade > 0 else { return nil }
    return .plain("side effects: \(effectsMade) held, \(effectsCompleted) completed, \(effectsFailed) failed")
  }

  /// The table printed after every explore; cases never accepted are flagged with `!`.
  func lines(caseNames: [String], enabled: Set<Int>) -> [OutputLine] {
    let header = ["action case", "generated", "accepted", "rejected", "changed"]
    var rows: [[String]] = []
    var flags: [Bool] = []
    for (index, counts) in cases.enumerated() where enabled.contains(index) {
      rows.append([caseNames[index], "\(counts.generated)", "\(counts.accepted)", "\(counts.rejected)", "\(counts.changed)"])
      flags.append(counts.accepted == 0)
    }
    let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
    func format(_ row: [String], flag: String) -> String {
      var text = flag + row[0].padding(toLength: widths[0], withPad: " ", startingAt: 0)
      for column in 1..<row.count {
        text += "  " + String(repeating: " ", count: widths[column] - row[column].count) + row[column]
      }
      return text
    }
    var lines: [OutputLine] = [.plain("coverage: \(runs) run\(runs == 1 ? "" : "s"), \(steps) actions tried"), .plain(format(header, flag: "  "))]
    var notes: [OutputLine] = []
    for (position, index) in cases.indices.filter(enabled.contains).enumerated() {
      lines.append(.plain(format(rows[position], flag: flags[position] ? "! " : "  ")))
      let counts = cases[index]
      if let top = counts.mostFrequentRejection {
        notes.append(.plain("  \(caseNames[index]) rejected most often (\(top.count)×): \(top.error)"))
      }
      if counts.undecodable > 0 {
        notes.append(.plain("  \(caseNames[index]): \(counts.undecodable) generated payloads could not be decoded"))
      }
    }
    let never = flags.filter { $0 }.count
    if never > 0 {
      notes.append(.note("! \(never) action case\(never == 1 ? " was" : "s were") never accepted"))
    }
    return lines + notes
  }
}
