/// What `shrink` found, as lines to print and the lines of a scenario that reproduces it.
struct ShrinkOutcome: Sendable {
  /// The report: how much shrank, the shrunk actions, the last one's diff, the actual value.
  var lines: [OutputLine]
  /// The property as the line that checks it.
  var property: String
  /// How many actions the recording held.
  var actionCount: Int
  /// How many are left; nil when the property holds (nothing was shrunk).
  var shrunkCount: Int?
  /// The lines of a scenario after its `use` line: the property and the shrunk dispatches.
  var scriptLines: [String] = []
  /// The one-line failure the command fails with, when the property is broken.
  var failure: String?
  /// Whether the shrunk steps replay with the listeners on and their side effects held (`use
  /// <domain> --effects`): a saved scenario starts that way, not with the listeners off.
  var holdsEffects = false
}

/// How far a `shrink` is: the actions it started with, those left, the replays run.
package struct ShrinkProgressReport: Sendable {
  package let total: Int
  package let left: Int
  package let replays: Int
  package let elapsed: Duration

  /// The progress line: `shrink: 10000 actions → 37 left, 212 replays, 1.2 s`.
  package var text: String {
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return "shrink: \(total) actions → \(left) left, \(replays) replays, \(String(format: "%.1f", seconds)) s (Ctrl-C stops)"
  }
}

/// Told while `shrink` runs how far it is; nil when it ends.
package typealias ShrinkProgress = @MainActor (ShrinkProgressReport?) -> Void
