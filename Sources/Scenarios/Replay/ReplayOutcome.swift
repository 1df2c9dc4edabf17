/// How a replay went: the entries it made, and the first recorded action the reducer no longer
/// does the same way.
struct ReplayOutcome {
  /// Each entry made, in order: the action as recorded and where the history stood after it.
  var entries: [(action: String, mark: HistoryMark)] = []
  /// Why the replay stopped early, naming the entry, the action and the first differing line.
  var mismatch: CommandError?
}
