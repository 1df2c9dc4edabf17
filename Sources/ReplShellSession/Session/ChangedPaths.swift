import StateValues

/// The paths of the state one action changed, as its diff's `ChangeTrail` found them, kept to
/// cross threads: an app's action is diffed by the tap's thread, and recorded in the session's
/// change index on the main actor (`ChangeIndex.record(serial:paths:)`).
struct ChangedPaths: Sendable {
  /// The steps of every path, one path after another.
  let components: [StatePath.Component]
  /// Where each path ends in `components`.
  let ends: [Int]
}
