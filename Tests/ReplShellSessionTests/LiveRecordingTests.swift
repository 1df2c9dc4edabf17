import ImmutableData
import ReplShellDomain
import StateValues
import Synchronization
import Testing
@testable import ReplShellSession

/// A session over an app's live store records the app's own actions, as the real tap of the
/// store describes them, into its history and its change index, and leaves out the tap's reports
/// of the session's own dispatches, which it recorded as they happened.
@MainActor @Suite struct LiveRecordingTests {
  enum TallyAction: Codable, Equatable, Sendable {
    case add
    case remove
  }

  struct Tally: Codable, Equatable, Sendable {
    var count = 0
    var label = "tally"
  }

  static let reduce: @Sendable (Tally, TallyAction) throws -> Tally = { state, action in
    var state = state
    state.count += action == .add ? 1 : -1
    return state
  }

  static let domain = Domain(
    name: "tally", summary: "one count", initialState: { Tally() }, reducer: reduce, actionExamples: [TallyAction.add, .remove],
    selectors: [])

  /// The tap's reports, as a stream a test waits on.
  final class Reports: Sendable {
    let stream: AsyncStream<TappedDispatch>
    let continuation: AsyncStream<TappedDispatch>.Continuation

    init() {
      (stream, continuation) = AsyncStream.makeStream()
    }

    /// The next `count` reports of dispatched actions.
    func next(_ count: Int) async -> [TappedDispatch] {
      var taken: [TappedDispatch] = []
      for await report in stream {
        taken.append(report)
        if taken.count == count { break }
      }
      return taken
    }
  }

  @Test func theAppsActionsAreRecordedInOrderAndTheSessionsOwnOnlyOnce() async throws {
    let store = Store(initialState: Tally(), reducer: Self.reduce)
    let reports = Reports()
    let live = try Self.domain.live.bind(store)
    let tap = live.tap { report in
      if case .dispatched(let dispatch) = report { reports.continuation.yield(dispatch) }
    }
    defer { tap.stop() }
    let any = live.session(SessionEventStream(), true)
    let session = try #require(any as? DomainSession<Tally, TallyAction>)

    // The app dispatches; the session records it once the tap has described it.
    try store.dispatch(action: .add)
    session.recordAppActions(await reports.next(1))
    // The session's own dispatch is recorded as it happens; then the app dispatches again.
    try session.store.dispatch(.remove, origin: .user, cause: nil, text: nil)
    try store.dispatch(action: .add)
    #expect(tap.recorded == 3)
    let later = await reports.next(2)
    #expect(later.map(\.number) == [2, 3])
    session.recordAppActions(later)

    let entries = session.timeline.history.entries
    #expect(entries.map(\.action) == [.add, .remove, .add])
    #expect(entries.map(\.origin) == [.app, .user, .app])
    #expect(entries.map(\.state.count) == [1, 0, 1])
    // The diff the tap computed says what each of the app's actions changed, and `why` finds it.
    #expect(session.whyIndex.changeIndex.relation(serial: entries[2].serial, to: [.name("count")]) == .changed)
    #expect(session.whyIndex.changeIndex.relation(serial: entries[2].serial, to: [.name("label")]) == .unchanged)
    let why = try session.whyIndex.why(StatePath([.name("count")]), all: false, column: 0).map(\.text)
    #expect(why.first == "#3 add", "\(why)")
    #expect(why.contains("  ← dispatched by the app itself"), "\(why)")
  }

  @Test func aLiveHistoryKeepsTheLatestActionsAndSaysHowManyWentBefore() throws {
    let store = Store(initialState: Tally(), reducer: Self.reduce)
    let any = try Self.domain.live.bind(store).session(SessionEventStream(), false)
    let session = try #require(any as? DomainSession<Tally, TallyAction>)
    let limit = DomainSession<Tally, TallyAction>.liveHistoryLimit
    let total = limit + limit / 10
    // What the tap would report of `total` increments the app dispatched.
    let dispatches = (1...total).map { number in
      TappedDispatch(
        text: "add", path: ["add"], diff: [], droppedBefore: 0, number: number, action: TallyAction.add,
        changed: ChangedPaths(components: [.name("count")], ends: [1]), oldState: Tally(count: number - 1), newState: Tally(count: number),
        snapshot: { nil })
    }
    session.recordAppActions(Array(dispatches.prefix(total - 1)))
    #expect(session.timeline.history.entries.count == total - 1)
    session.recordAppActions([dispatches[total - 1]])
    let history = session.timeline.history
    #expect(history.entries.count == limit)
    #expect(history.droppedCount == total - limit)
    // The state before the first entry kept is the state after the last dropped.
    #expect(history.initialState.count == total - limit)
    #expect(history.entries.first?.state.count == total - limit + 1)
    let why = try session.whyIndex.why(StatePath([.name("count")]), all: false, column: 0).map(\.text)
    #expect(why.first == "#\(limit) add", "\(why)")
    #expect(why.contains("(the \(total - limit) oldest entries are no longer kept: a live history keeps the latest \(limit), numbered from 1)"), "\(why)")
    // The label never changed: not in the entries kept, and said so.
    let label = try session.whyIndex.why(StatePath([.name("label")]), all: false, column: 0).map(\.text)
    #expect(label.first == "`label` was changed by none of the entries kept. It is:", "\(label)")
  }
}
