/// A running tap of an app's store (`LiveHooks.tap`): the store writes every dispatch into a
/// ring, and a task off the main actor describes each one. Stopping it takes the ring out of the
/// store, so a dispatch costs one nil check again.
package final class LiveTap: Sendable {
  /// How many dispatches may wait for their diffs before the store drops them (and counts them).
  package static let capacity = 512

  private let stopTapping: @MainActor @Sendable () -> Void

  /// A tap that `stopTapping` ends.
  init(stop stopTapping: @escaping @MainActor @Sendable () -> Void) {
    self.stopTapping = stopTapping
  }

  /// Takes the ring out of the store; the dispatches still in it are dropped (no shell follows
  /// the app any more, and a shell that tails again starts from its next dispatch).
  @MainActor package func stop() {
    stopTapping()
  }
}
