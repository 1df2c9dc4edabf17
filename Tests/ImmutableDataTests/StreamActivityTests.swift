@testable import ImmutableData
import Testing

/// A stream that loses an element makes these tests wait forever: the time limit fails them
/// instead. Three minutes, not one: in a full run on 2 busy cores, the 500 rounds of the
/// cancellation test (which share the main actor with every `@MainActor` suite) took over 60 s.
@MainActor @Suite(.timeLimit(.minutes(10))) struct StreamActivityTests {
  private func store(_ activity: StreamActivity) -> Store<Int, Int> {
    Store(initialState: 0, reducer: { state, action in state + action }, activity: activity)
  }

  @Test func anElementCountsUntilItsConsumerAsksForTheNext() async throws {
    let activity = StreamActivity()
    let store = store(activity)
    var iterator = store.makeStream().makeAsyncIterator()
    #expect(activity.isIdle)
    try store.dispatch(action: 1)
    #expect(!activity.isIdle)
    _ = await iterator.next()
    #expect(!activity.isIdle, "the consumer still works on the element it took")
    try store.dispatch(action: 2)
    _ = await iterator.next()
    try store.dispatch(action: 3)
    _ = await iterator.next()
    #expect(!activity.isIdle)
    store.finishStreams()
    #expect(activity.isIdle, "a finished stream no longer counts")
  }

  @Test func waitingReturnsOnceEveryConsumerIsBack() async throws {
    let activity = StreamActivity()
    let store = store(activity)
    let stream = store.makeStream()
    let consumer = Task { @MainActor in
      var total = 0
      for await (_, action) in stream { total += action }
      return total
    }
    try store.dispatch(action: 5)
    await activity.waitUntilIdle()
    #expect(activity.isIdle)
    store.finishStreams()
    #expect(await consumer.value == 5)
  }

  /// A cancelled stream leaves the registrar only in a later main-actor task; a dispatch in the
  /// same turn as the cancel still reaches its buffer, and must not leave a count behind that
  /// makes a wait for idle never return.
  @Test func aStreamCancelledAndDispatchedToInTheSameTurnLeavesNoCount() async throws {
    for round in 0..<500 {
      let activity = StreamActivity()
      let store = store(activity)
      let stream = store.makeStream()
      let consumer = Task { @MainActor in
        for await _ in stream {}
      }
      if round.isMultiple(of: 2) {
        // The consumer is back waiting for the next element when it is cancelled.
        try store.dispatch(action: 1)
        await activity.waitUntilIdle()
      }
      consumer.cancel()
      try store.dispatch(action: 1)
      try store.dispatch(action: 2)
      if round.isMultiple(of: 2) {
        // A consumer cancelled while it waits finishes its stream at once: nothing after is counted.
        // (One that has not started yet keeps what arrives until it runs and ends, checked below.)
        #expect(activity.isIdle, "round \(round): a cancelled stream still counts \(activity.busyStreams)")
      }
      await consumer.value
      try store.dispatch(action: 3)
      #expect(activity.isIdle, "round \(round): after its consumer ended")
      #expect(activity.busyStreams.isEmpty)
    }
  }

  @Test func busyStreamsNamesEachStreamByTheOrderItWasMade() async throws {
    let activity = StreamActivity()
    let store = store(activity)
    var first = store.makeStream().makeAsyncIterator()
    let second = store.makeStream()
    try store.dispatch(action: 1)
    try store.dispatch(action: 2)
    #expect(activity.busyStreams.map(\.stream) == [1, 2])
    _ = await first.next()
    _ = await first.next()
    #expect(activity.busyStreams.map(\.stream) == [1, 2])
    #expect(activity.busyStreams.map(\.unfinished) == [1, 2], "the first holds its second element, the second has taken none")
    withExtendedLifetime(second) {}
  }
}
