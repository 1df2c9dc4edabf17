import ReplShellSession
import StateValues
/// How a replay went: the entries it made, and the first recorded action the reducer no longer
/// does the same way.
struct ReplayOutcome {
  /// How many recorded actions it reduced again.
  var actionCount = 0
  /// The lines `save` may write for what it replayed, in order: a `dispatch` for each action, the
  /// time travel as typed, each with where the history stood after it.
  var lines: [(text: String, role: RecordingRole, mark: HistoryMark)] = []
  /// Why the replay stopped early, naming the entry, the action and the first differing line.
  var mismatch: CommandError?
}
