/// A running tap of an app's store (`LiveStore.tap`): the store writes every dispatch into a
/// ring, and a thread off the main actor describes each one (`TapDescriber`). Stopping it takes the ring out of the
/// store, so a dispatch costs one nil check again.
public final class LiveTap: Sendable {
  /// How many dispatches may wait for their diffs before the store drops them (and counts them).
  public static let capacity = 512

  private let stopTapping: @MainActor @Sendable () -> Void
  private let readRecorded: @MainActor @Sendable () -> Int
  private let startCatchingUp: @Sendable () -> Void

  /// A tap that `stopTapping` ends; `recorded` counts the store's dispatches it has recorded,
  /// and `catchUp` describes those waiting at the normal priority.
  init(
    stop stopTapping: @escaping @MainActor @Sendable () -> Void, recorded: @escaping @MainActor @Sendable () -> Int,
    catchUp: @escaping @Sendable () -> Void
  ) {
    self.stopTapping = stopTapping
    self.readRecorded = recorded
    self.startCatchingUp = catchUp
  }

  /// How many of the store's dispatches the tap has recorded, described or dropped: a report
  /// whose number (`TappedDispatch.number`, `.dropped`'s `through`) reaches it accounts for
  /// every dispatch the app made until now.
  @MainActor public var recorded: Int {
    readRecorded()
  }

  /// Describes the dispatches waiting for their diffs on a thread of the normal priority, for a
  /// caller that waits for them: the thread that describes them as they come has the lowest
  /// priority, which a machine whose cores are all busy may leave without a core for minutes.
  public func catchUp() {
    startCatchingUp()
  }

  /// Takes the ring out of the store; the dispatches still in it are dropped (no shell follows
  /// the app any more, and a shell that tails again starts from its next dispatch).
  @MainActor public func stop() {
    stopTapping()
  }
}
