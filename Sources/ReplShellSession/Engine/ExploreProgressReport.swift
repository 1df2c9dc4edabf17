/// How far a running `explore` got, for the progress line of a terminal.
package struct ExploreProgressReport: Sendable {
  /// Runs finished.
  package let runs: Int
  /// Actions tried.
  package let steps: Int
  /// Runs that broke an invariant.
  package let failures: Int
  /// Time since the explore started.
  package let elapsed: Duration

  /// A report of `runs`, `steps` and `failures` so far, `elapsed` after the start.
  package init(runs: Int, steps: Int, failures: Int, elapsed: Duration) {
    self.runs = runs
    self.steps = steps
    self.failures = failures
    self.elapsed = elapsed
  }

  /// Actions tried a second, so far.
  package var stepsPerSecond: Int {
    let seconds = elapsed.inSeconds
    return seconds > 0 ? Int(Double(steps) / seconds) : 0
  }

  /// The progress line: `explore: 40 runs, 2000 steps, 51234 steps/s, 0 failures`.
  package var text: String {
    "explore: \(runs) runs, \(steps) steps, \(stepsPerSecond) steps/s, \(failures) failure\(failures == 1 ? "" : "s")"
  }
}

/// Told, while `explore` runs on a terminal, how far it got; nil when it ended. Scripts set none,
/// so their transcripts hold no timings.
package typealias ExploreProgress = @MainActor (ExploreProgressReport?) -> Void
