import Synchronization

/// Tells a search index being laid out in the background that its tree is no longer the
/// inspector's latest, so that it stops and keeps nothing.
final class SearchLayoutStop: Sendable {
  private let stopped = Atomic<Bool>(false)

  /// Whether `stop()` was called.
  var isStopped: Bool { stopped.load(ordering: .relaxed) }

  /// Stops the layout at its next check.
  func stop() {
    stopped.store(true, ordering: .relaxed)
  }
}
