import SessionProtocol
import Testing
@testable import ReplShellAttachment
@testable import ReplShellSession

/// The app's actions on their way into an attached shell's history: what a session takes, what
/// it leaves out, and how a line's wait for the app's earlier actions ends.
@Suite(.timeLimit(.minutes(10))) struct AppActionFeedTests {
  /// A report of the tap's dispatch `number`.
  func dispatch(_ number: Int) -> TappedDispatch {
    TappedDispatch(
      text: "didTap", path: ["didTap"], diff: [], droppedBefore: 0, number: number, action: number, changed: nil, oldState: 0,
      newState: number, snapshot: { nil })
  }

  func openFeed(after number: Int = 0) -> AppActionFeed {
    let feed = AppActionFeed()
    feed.open {}
    feed.start(after: number)
    return feed
  }

  @Test func aWaitEndsOnceEveryActionThroughItsTargetCame() async {
    let feed = openFeed()
    async let waited = feed.wait(until: 2, limit: .seconds(600))
    feed.deliver(dispatch(1))
    #expect(!feed.hasReached(2))
    feed.deliver(dispatch(2))
    #expect(await waited)
    #expect(feed.take().dispatches.map(\.number) == [1, 2])
    #expect(feed.take().dispatches.isEmpty)
  }

  @Test func actionsTheTapDroppedCountAsCome() async {
    let feed = openFeed()
    async let waited = feed.wait(until: 3, limit: .seconds(600))
    feed.advance(through: 3)
    #expect(await waited)
    #expect(feed.take().dispatches.isEmpty)
  }

  @Test func theActionsBeforeTheSessionStartedAreLeftOut() {
    let feed = AppActionFeed()
    feed.open {}
    // Until the session says where it began, nothing is taken.
    feed.deliver(dispatch(4))
    feed.start(after: 5)
    for number in [5, 6, 7] { feed.deliver(dispatch(number)) }
    #expect(feed.take().dispatches.map(\.number) == [6, 7])
  }

  /// A tap that ran before the session (for another shell, or a flight recorder) has numbered
  /// dispatches the session never sees: a line that comes before the app dispatches again does
  /// not wait for them.
  @Test func whatCameBeforeTheSessionStartedIsNotWaitedFor() async {
    let feed = openFeed(after: 5)
    #expect(feed.hasReached(5))
    #expect(await feed.wait(until: 5, limit: .seconds(600)))
    #expect(!feed.hasReached(6))
  }

  @Test func aClosedFeedTakesNothingAndEndsTheWait() async {
    let feed = openFeed()
    async let waited = feed.wait(until: 1, limit: .seconds(600))
    feed.close()
    #expect(await !waited)
    feed.deliver(dispatch(1))
    #expect(feed.take().dispatches.isEmpty)
    #expect(!feed.isOpen)
  }

  /// Between the shell's lines the main actor records only full batches: an app's bursts do not
  /// each cost it a recording per shell.
  @Test func betweenLinesOnlyAFullBatchIsRecorded() {
    let feed = openFeed()
    for number in 1..<AppActionFeed.recordEvery { feed.deliver(dispatch(number)) }
    #expect(!feed.isRecordingScheduled)
    feed.deliver(dispatch(AppActionFeed.recordEvery))
    #expect(feed.isRecordingScheduled)
    #expect(feed.take().dispatches.count == AppActionFeed.recordEvery)
    #expect(!feed.isRecordingScheduled)
  }

  @Test func aWaitGivesUpAfterItsLimit() async {
    let feed = openFeed()
    #expect(await !feed.wait(until: 1, limit: .milliseconds(1)))
  }

  @Test func whatPassesTheCapacityIsCountedNotKept() {
    let feed = openFeed()
    for number in 1...(AppActionFeed.capacity + 2) { feed.deliver(dispatch(number)) }
    let taken = feed.take()
    #expect(taken.dispatches.count == AppActionFeed.capacity)
    #expect(taken.overflowed == 2)
    #expect(feed.take().overflowed == 0)
  }
}
