import Scenarios
import StateValues

/// What one entry of a run produced: the output to print, in order, and whether it passed.
/// Results are made concurrently and printed in path order, so a run prints the same bytes
/// whatever `--jobs` is.
struct ScenarioResult: Sendable {
  /// One piece of output.
  enum Output: Sendable {
    /// A transcript, colored by line kind on a terminal.
    case transcript([OutputLine])
    /// A line for standard output.
    case line(String)
    /// A line for standard error.
    case error(String)
  }

  /// Why an entry failed, as a JUnit `failure` shows it.
  struct Failure: Sendable {
    /// One line: the mismatch, or the failing `file:line` message.
    let message: String
    /// The unified diff, or the message again when there is no diff.
    let detail: String
  }

  /// The entry's path, as the user gave it.
  let name: String
  /// What to print for it.
  var output: [Output] = []
  /// Nil when it passed.
  var failure: Failure?
  /// False for an entry that is no test, such as an orphan golden that `--update` lists.
  var isTest = true
  /// How long it ran.
  var duration: Duration = .zero

  /// Records a failure, printing `message` on standard error; the first failure is the one reported.
  mutating func fail(_ message: String, detail: String? = nil) {
    output.append(.error(message))
    if failure == nil {
      failure = Failure(message: message, detail: detail ?? message)
    }
  }
}
