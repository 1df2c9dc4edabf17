/// How far a `shrink` is: the actions it started with, those left, the replays run.
package struct ShrinkProgressReport: Sendable {
  package let total: Int
  package let left: Int
  package let replays: Int
  package let elapsed: Duration

  /// A report of `left` actions of `total` after `replays` replays, `elapsed` after the start.
  package init(total: Int, left: Int, replays: Int, elapsed: Duration) {
    self.total = total
    self.left = left
    self.replays = replays
    self.elapsed = elapsed
  }

  /// The progress line: `shrink: 10000 actions → 37 left, 212 replays, 1.2 s`.
  package var text: String {
    let seconds = elapsed.inSeconds
    return "shrink: \(total) actions → \(left) left, \(replays) replays, \(String(format: "%.1f", seconds)) s (Ctrl-C stops)"
  }
}

/// Told while `shrink` runs how far it is; nil when it ends.
package typealias ShrinkProgress = @MainActor (ShrinkProgressReport?) -> Void
