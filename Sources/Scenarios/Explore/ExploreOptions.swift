import StateValues
/// What `explore` was asked: how many runs of how many steps, from which seed, over which
/// action cases, on how many cores, and where to save a failure.
package struct ExploreOptions: Sendable, Equatable {
  /// How many runs, each from the session's current state.
  package var runs = 100
  /// The most actions a run tries.
  package var steps = 50
  /// The seed; nil draws one, which the report prints.
  package var seed: UInt64?
  /// Stops starting runs after this long; nil runs them all.
  package var timeLimit: Duration?
  /// Only action cases whose path starts with one of these (all when empty).
  package var only: [String] = []
  /// Never action cases whose path starts with one of these.
  package var skip: [String] = []
  /// Where to save the shrunk failure as a scenario script.
  package var savePath: String?
  /// Whether `--save` may overwrite an existing file (`--force`).
  package var overwrites = false
  /// How many cores explore on.
  package var jobs = 1
  /// `K/N`: only the runs whose index is K−1 modulo N.
  package var shard: (index: Int, count: Int)?
  /// Whether runs start the listeners with their side effects held (`--effects`).
  package var effects = false
  /// Whether runs are coverage-guided (`--guided`, `GuidedExplorer`) instead of drawn independently.
  package var guided = false
  /// The `--cover` and `--cover-runs` requirements, in the order typed.
  package var requirements: [CoverageRequirement] = []
  /// The selectors whose outputs are the abstract state (`--abstract`); empty: derived from the state's type.
  package var abstraction: [String] = []
  /// `--against`: the revision to compare the reducer with, instead of checking invariants.
  package var against: AgainstOptions?

  /// The default options.
  package init() {}

  /// The same options, option by option.
  package static func == (lhs: ExploreOptions, rhs: ExploreOptions) -> Bool {
    lhs.runs == rhs.runs && lhs.steps == rhs.steps && lhs.seed == rhs.seed && lhs.timeLimit == rhs.timeLimit
      && lhs.only == rhs.only && lhs.skip == rhs.skip && lhs.savePath == rhs.savePath && lhs.overwrites == rhs.overwrites && lhs.jobs == rhs.jobs
      && lhs.effects == rhs.effects && lhs.guided == rhs.guided && lhs.requirements == rhs.requirements && lhs.abstraction == rhs.abstraction
      && lhs.shard?.index == rhs.shard?.index && lhs.shard?.count == rhs.shard?.count && lhs.against == rhs.against
  }

  /// The runs this shard takes, in order: their count, and the run at each position.
  var shardRuns: ShardRuns {
    guard let shard else { return ShardRuns(first: 0, stride: 1, count: runs) }
    let first = shard.index - 1
    return ShardRuns(first: first, stride: shard.count, count: first < runs ? (runs - first + shard.count - 1) / shard.count : 0)
  }
}

/// The runs of one shard: `first`, `first + stride`, … (`count` of them), computed, not listed.
struct ShardRuns: Sendable {
  let first: Int
  let stride: Int
  let count: Int

  /// The run at `position` (0-based) of the shard.
  func run(at position: Int) -> Int { first + position * stride }
}

/// What an `explore` found, as lines to print, and the failure when one was found.
struct ExploreOutcome: Sendable {
  /// The report: the seed, the failure with its shrunk sequence, the coverage table.
  var lines: [OutputLine]
  /// The one-line failure the command fails with, when an invariant broke.
  var failure: String?
  /// The shrunk sequence as the `dispatch --may-reject` lines of a saved scenario, when an invariant
  /// broke (with `--effects`, the `complete N` and `fail N` lines between them).
  var dispatchLines: [String] = []
  /// Whether the saved scenario must hold the side effects (`use <domain> --effects`).
  var holdsEffects = false
  /// The `expect` line a saved scenario ends with, when an invariant broke.
  var expectLine: String?
  /// The seed the runs started from: the one given, or the one drawn.
  var seed: UInt64 = 0
  /// With `--corpus`, the corpus the guided runs left: each entry its actions as `dispatch` writes them.
  var corpus: [[String]]?
  /// The report as data (`ExploreReport`), which the output carries for `--format json` and MCP.
  var report: JSONForm?
}
