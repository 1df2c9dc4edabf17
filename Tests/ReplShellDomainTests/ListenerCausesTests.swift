import Testing
@testable import ReplShellDomain

/// The cause a `SessionStore` gives what a listener dispatches: the dispatch whose element the
/// listener's task is handling, counted from the dispatches before the stream was made.
@MainActor @Suite(.timeLimit(.minutes(10))) struct ListenerCausesTests {
  @Test func aStreamMadeAfterEarlierDispatchesNamesTheRightOne() async throws {
    let store = SessionStore<Int, StepAction>(initialState: 0) { state, _ in state + 1 }
    var causes: [HistoryCause?] = []
    store.didDispatch = { _, _, _, _, cause, _ in causes.append(cause) }
    try store.dispatch(.rename(name: "a"), origin: .user, cause: .line(.typedLine(1)), text: nil)
    try store.dispatch(.rename(name: "b"), origin: .user, cause: .line(.typedLine(2)), text: nil)
    // Made after two dispatches: its first element is the third.
    let stream = store.makeStream()
    let answered = AsyncStream<Void>.makeStream()
    let listener = Task { @MainActor in
      for await (_, action) in stream {
        if action == .start { try? store.dispatch(action: .step(n: 1)) }
        answered.continuation.yield()
      }
    }
    try store.dispatch(.rename(name: "c"), origin: .user, cause: .line(.typedLine(3)), text: nil)
    try store.dispatch(.start, origin: .script, cause: .line(.scriptLine("s.txt:4")), text: nil)
    var signals = answered.stream.makeAsyncIterator()
    _ = await signals.next()
    _ = await signals.next()
    #expect(causes == [.line(.typedLine(1)), .line(.typedLine(2)), .line(.typedLine(3)), .line(.scriptLine("s.txt:4")), .listener(serial: 4)])
    // Outside the listener's loop, nothing is being handled.
    #expect(store.listenerCauses?.causeOfCurrentTask == nil)
    listener.cancel()
  }
}

/// Actions for a store whose reducer only counts them.
enum StepAction: Codable, Equatable, Sendable {
  case start
  case step(n: Int)
  case rename(name: String)
}
