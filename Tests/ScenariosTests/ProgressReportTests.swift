@testable import ReplShellCommands
import Testing
@testable import ReplShellSession

/// The progress lines `explore` and `shrink` show on a terminal while they run.
@Suite(.timeLimit(.minutes(10))) struct ProgressReportTests {
  /// Each report's line, and the line it must be.
  @Test(arguments: [
    // Explore: runs, steps, steps a second so far, failures.
    (ProgressReport(.explore(runs: 40, steps: 2000, failures: 0), elapsed: .milliseconds(500)).text,
     "explore: 40 runs, 2000 steps, 4000 steps/s, 0 failures"),
    // One failure is singular; the rate counts the fraction of a second.
    (ProgressReport(.explore(runs: 3, steps: 150, failures: 1), elapsed: .seconds(1) + .milliseconds(500)).text,
     "explore: 3 runs, 150 steps, 100 steps/s, 1 failure"),
    // No time elapsed yet: a rate of 0, not a division by zero.
    (ProgressReport(.explore(runs: 0, steps: 0, failures: 2), elapsed: .zero).text,
     "explore: 0 runs, 0 steps, 0 steps/s, 2 failures"),
    // Shrink: the actions it started with, those left, the replays, seconds to a tenth.
    (ProgressReport(.shrink(total: 10000, left: 37, replays: 212), elapsed: .milliseconds(1234)).text,
     "shrink: 10000 actions → 37 left, 212 replays, 1.2 s (Ctrl-C stops)"),
    // Minutes are shown in seconds.
    (ProgressReport(.shrink(total: 5, left: 5, replays: 0), elapsed: .seconds(125) + .milliseconds(60)).text,
     "shrink: 5 actions → 5 left, 0 replays, 125.1 s (Ctrl-C stops)"),
  ])
  func line(text: String, expected: String) {
    #expect(text == expected)
  }
}
