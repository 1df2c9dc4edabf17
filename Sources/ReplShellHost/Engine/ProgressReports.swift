import ReplShellCommands
/// Where a shell tells its front end how long work is going, for a progress line: an interactive
/// front end sets them, scripts leave them nil.
public struct ProgressReports {
  /// Told `true` when a command starts waiting for listeners' side effects longer than a moment,
  /// and `false` when the wait ends.
  public var onWaiting: (@MainActor (Bool) -> Void)?
  /// Told, while `explore` or `shrink` runs, how far it got: runs, steps and failures; actions
  /// left and replays run.
  package var work: ProgressReporter?

  /// No reports: nobody is told.
  public init() {}
}
