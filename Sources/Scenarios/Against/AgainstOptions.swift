import StateValues
/// What `explore --against` was asked, beside the options every explore takes.
package struct AgainstOptions: Sendable, Equatable {
  /// The revision or binary to compare with, as typed.
  package var revision: String
  /// Where `--against` is on the line, for errors.
  package var column: Int
  /// The paths the new revision is meant to change (`--allow-change`): a divergence only there is allowed.
  package var allowed: [StatePath] = []
  /// Whether the one sequence compared is the session's own history from its start (`--history`).
  package var comparesHistory = false
  /// Whether to name the first commit that shows the divergence (`--bisect`).
  package var bisects = false
  /// How many of the first runs also go through a second copy of the other revision, to find
  /// the paths that differ from one run to the next (noise) before comparing.
  package static let calibrationRuns = 8

  package init(revision: String, column: Int) {
    self.revision = revision
    self.column = column
  }
}
