import Foundation

/// How far a long command (`explore`, `shrink`) got, for the progress line of a terminal: what it
/// counted so far and the time since it started.
public struct ProgressReport: Sendable {
  /// What a command counts as it goes.
  public enum Counts: Sendable, Equatable {
    /// `explore`: runs finished, actions tried, runs that broke an invariant.
    case explore(runs: Int, steps: Int, failures: Int)
    /// `shrink`: the actions it started with, those left, the replays run.
    case shrink(total: Int, left: Int, replays: Int)
  }

  /// What the command counted.
  public let counts: Counts
  /// Time since the command started.
  public let elapsed: Duration

  /// A report of `counts`, `elapsed` after the start.
  public init(_ counts: Counts, elapsed: Duration) {
    self.counts = counts
    self.elapsed = elapsed
  }

  /// `elapsed` in seconds.
  var seconds: Double { elapsed.inSeconds }

  /// The progress line: `explore: 40 runs, 2000 steps, 51234 steps/s, 0 failures`, or
  /// `shrink: 10000 actions → 37 left, 212 replays, 1.2 s (Ctrl-C stops)`.
  public var text: String {
    switch counts {
    case .explore(let runs, let steps, let failures):
      let stepsPerSecond = seconds > 0 ? Int(Double(steps) / seconds) : 0
      return "explore: \(runs) runs, \(steps) steps, \(stepsPerSecond) steps/s, \(failures) failure\(failures == 1 ? "" : "s")"
    case .shrink(let total, let left, let replays):
      return "shrink: \(total) actions → \(left) left, \(replays) replays, \(String(format: "%.1f", seconds)) s (Ctrl-C stops)"
    }
  }
}

/// Told, while a long command runs on a terminal, how far it got; nil when it ended. Scripts set
/// none, so their transcripts hold no timings.
public typealias ProgressReporter = @MainActor (ProgressReport?) -> Void
