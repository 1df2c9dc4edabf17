import ImmutableData
import Testing

/// A reducer error the tests throw on purpose.
private struct RejectedAction: Error, Equatable {}

private enum TestAction: Sendable, Equatable {
  case add(Int)
  case reject
}

@Sendable private func reduce(state: Int, action: TestAction) throws -> Int {
  switch action {
  case .add(let amount):
    return state + amount
  case .reject:
    throw RejectedAction()
  }
}

@MainActor private func makeStore(_ initialState: Int = 0) -> Store<Int, TestAction> {
  Store(initialState: initialState, reducer: reduce)
}

@MainActor @Suite(.timeLimit(.minutes(10))) struct StoreTests {
  @Test func dispatchRunsTheReducer() throws {
    let store = makeStore()
    try store.dispatch(action: .add(2))
    try store.dispatch(action: .add(3))
    #expect(store.state == 5)
    #expect(store.select { $0 * 10 } == 50)
  }

  @Test func aThrowingReducerLeavesStateUnchangedAndStreamsNothing() async throws {
    let store = makeStore(7)
    var iterator = store.makeStream().makeAsyncIterator()
    #expect(throws: RejectedAction()) { try store.dispatch(action: .reject) }
    #expect(store.state == 7)
    try store.dispatch(action: .add(1))
    let first = await iterator.next()
    #expect(first?.oldState == 7)
    #expect(first?.action == .add(1))
  }

  @Test func everyLiveStreamReceivesOldStateAndActionInOrder() async throws {
    let store = makeStore()
    var first = store.makeStream().makeAsyncIterator()
    var second = store.makeStream().makeAsyncIterator()
    for amount in 1...3 {
      try store.dispatch(action: .add(amount))
    }
    for (oldState, amount) in [(0, 1), (1, 2), (3, 3)] {
      let a = await first.next()
      let b = await second.next()
      #expect(a?.oldState == oldState && a?.action == .add(amount))
      #expect(b?.oldState == oldState && b?.action == .add(amount))
    }
  }

  @Test func aCancelledStreamIsRemoved() async throws {
    let store = makeStore()
    let stream = store.makeStream()
    let kept = store.makeStream()
    #expect(store.streamCount == 2)
    let consumer = Task { for await _ in stream {} }
    consumer.cancel()
    await consumer.value
    for _ in 0..<100 where store.streamCount != 1 {
      await Task.yield()
    }
    #expect(store.streamCount == 1)
    try store.dispatch(action: .add(1))
    var iterator = kept.makeAsyncIterator()
    #expect(await iterator.next()?.action == .add(1))
  }

  @Test func aStreamNobodyHoldsIsRemoved() async throws {
    let store = makeStore()
    _ = store.makeStream()
    let kept = store.makeStream()
    for _ in 0..<100 where store.streamCount != 1 {
      await Task.yield()
    }
    #expect(store.streamCount == 1)
    try store.dispatch(action: .add(2))
    var iterator = kept.makeAsyncIterator()
    #expect(await iterator.next()?.oldState == 0)
  }

  @Test func aWaitingConsumerReceivesTheNextDispatch() async throws {
    let store = makeStore()
    let stream = store.makeStream()
    let consumer = Task { @MainActor in
      var iterator = stream.makeAsyncIterator()
      return await iterator.next()?.action
    }
    await Task.yield()
    try store.dispatch(action: .add(9))
    #expect(await consumer.value == .add(9))
  }

  @Test func streamsFinishWhenTheStoreIsReleased() async throws {
    var store: Store<Int, TestAction>? = makeStore()
    let stream = store!.makeStream()
    try store?.dispatch(action: .add(4))
    store = nil
    var received: [TestAction] = []
    for await element in stream {
      received.append(element.action)
    }
    #expect(received == [.add(4)])
  }

  @Test func synchronousThunksReceiveTheStoreAndMayDispatchMore() throws {
    let store = makeStore()
    // A synchronous thunk runs on the caller's actor; the store's caller is the main actor.
    try store.dispatch { dispatcher, selector in
      try MainActor.assumeIsolated {
        try dispatcher.dispatch(action: .add(1))
        let seen = selector.state
        try dispatcher.dispatch { nestedDispatcher, nestedSelector in
          try MainActor.assumeIsolated {
            try nestedDispatcher.dispatch(action: .add(seen + nestedSelector.state + 1))
          }
        }
      }
    }
    #expect(store.state == 4)
  }

  @Test func asynchronousThunksReceiveTheStoreAndMayDispatchMore() async throws {
    let store = makeStore()
    try await store.dispatch { (dispatcher, selector) async throws in
      await Task.yield()
      try await dispatcher.dispatch(action: .add(5))
      let value = await selector.state
      try await dispatcher.dispatch(action: .add(value))
    }
    #expect(store.state == 10)
  }

  @Test func errorsFromThunksPropagate() async throws {
    let store = makeStore()
    #expect(throws: RejectedAction()) {
      try store.dispatch { dispatcher, _ in
        try MainActor.assumeIsolated { try dispatcher.dispatch(action: .reject) }
      }
    }
    await #expect(throws: RejectedAction()) {
      try await store.dispatch { (_: Store<Int, TestAction>, _: Store<Int, TestAction>) async throws in
        throw RejectedAction()
      }
    }
    #expect(store.state == 0)
  }
}
