@testable import ImmutableData
import Testing

@MainActor @Suite struct StreamActivityTests {
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
}
