/// Where a shell tells its front end how long work is going, for a progress line: an interactive
/// front end sets them, scripts leave them nil.
public struct ProgressReports {
  /// Told `true` when a command starts waiting for listeners' side effects longer than a moment,
  /// and `false` when the wait ends.
  public var onWaiting: (@MainActor (Bool) -> Void)?
  /// Told, while `explore` runs, its runs, steps and failures so far.
  package var explore: ExploreProgress?
  /// Told, while `shrink` runs, the actions left and the replays run so far.
  package var shrink: ShrinkProgress?

  /// No reports: nobody is told.
  public init() {}
}
