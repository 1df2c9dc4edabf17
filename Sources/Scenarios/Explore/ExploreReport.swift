import Foundation
import StateValues

/// An explore's report as data, beside the lines it prints: what `--format json` carries as the
/// output's `value` and MCP as the tool result's `structuredContent.value`, so that a tool reads
/// the coverage without parsing the table. It holds the seed, the runs and steps, each action
/// case's counts, the abstract states entered (each with its leaves and how often), the number
/// of distinct transitions and the transitions themselves, the declared values never reached, each coverage requirement's
/// verdict, and the failure, if any.
struct ExploreReport {
  /// The most abstract states listed, the most entered first; the count of the rest is given.
  static var stateLimit: Int { 1_000 }

  let seed: UInt64
  let coverage: ExploreCoverage
  /// Each case's path, in catalog order, and the cases explored.
  let caseNames: [String]
  let enabled: Set<Int>
  /// The leaves the abstract states are made of (`path`), and the values of each never reached.
  let leafPaths: [String]
  let neverReached: [String]
  /// Each requirement's verdict, as `requirementReport` decided it.
  let requirements: [JSONForm]
  /// The one-line failure the explore fails with; nil when nothing failed.
  let failure: String?

  /// The report as JSON.
  var json: JSONForm {
    .object([
      ("seed", seed <= UInt64(Int.max) ? .int(Int(seed)) : .string(String(seed))),
      ("runs", .int(coverage.runs)),
      ("steps", .int(coverage.steps)),
      ("acceptedSteps", .int(coverage.acceptedSteps)),
      ("cases", .array(caseRows)),
      ("effects", effects),
      ("states", states),
      ("requirements", .array(requirements)),
      ("failure", failure.map(JSONForm.string) ?? .null),
    ])
  }

  private var caseRows: [JSONForm] {
    coverage.cases.indices.filter(enabled.contains).map { index in
      let counts = coverage.cases[index]
      return .object([
        ("case", .string(caseNames[index])), ("generated", .int(counts.generated)), ("accepted", .int(counts.accepted)),
        ("rejected", .int(counts.rejected)), ("changed", .int(counts.changed)), ("undecodable", .int(counts.undecodable)),
      ])
    }
  }

  private var effects: JSONForm {
    guard coverage.effectsMade > 0 else { return .null }
    return .object([("held", .int(coverage.effectsMade)), ("completed", .int(coverage.effectsCompleted)), ("failed", .int(coverage.effectsFailed))])
  }

  /// The transitions taken, the most taken first (at most `stateLimit`): each its states' leaves
  /// as `path=value` words, its action case, and how often it was taken.
  private var transitionRows: [JSONForm] {
    let describe = { (code: UInt64) in (coverage.states.descriptions[code] ?? []).joined(separator: " ") }
    return coverage.states.transitions.sorted { $0.value > $1.value || ($0.value == $1.value && ($0.key.from, $0.key.caseIndex, $0.key.to) < ($1.key.from, $1.key.caseIndex, $1.key.to)) }
      .prefix(Self.stateLimit).map { transition, steps -> JSONForm in
        .object([
          ("from", .string(describe(transition.from))), ("case", .string(StateCoverage.caseName(transition.caseIndex, in: caseNames))),
          ("to", .string(describe(transition.to))), ("steps", .int(steps)),
        ])
      }
  }

  private var states: JSONForm {
    let entered = coverage.states.states.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
    let listed = entered.prefix(Self.stateLimit).map { code, steps -> JSONForm in
      let leaves = (coverage.states.descriptions[code] ?? []).map { leaf -> (key: String, value: JSONForm) in
        guard let equals = leaf.firstIndex(of: "=") else { return (leaf, .null) }
        return (String(leaf[..<equals]), .string(String(leaf[leaf.index(after: equals)...])))
      }
      return .object([("steps", .int(steps)), ("leaves", .object(leaves))])
    }
    return .object([
      ("abstractedFrom", .array(leafPaths.map(JSONForm.string))),
      ("entered", .int(coverage.states.stateCount)),
      ("transitions", .int(coverage.states.transitionCount)),
      ("transitionsListed", .array(transitionRows)),
      ("listed", .array(listed)),
      ("notListed", .int(entered.count - listed.count)),
      ("neverReached", .array(neverReached.map(JSONForm.string))),
    ])
  }
}
