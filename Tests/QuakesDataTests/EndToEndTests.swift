import Foundation
import ImmutableData
@testable import QuakesData
import TestSupport
import Testing

/// The whole chain on the scenario feeds: Store, Listener, RemoteStore over file://, LocalStore in SQLite.
@MainActor @Suite(.timeLimit(.minutes(10))) struct EndToEndTests {
  @Test func refreshesMergeIntoStateAndTheDatabaseAndABrokenFeedFails() async throws {
    let database = try LocalStore()
    let (finished, continuation) = AsyncStream.makeStream(of: String.self)
    var calls = finished.makeAsyncIterator()
    let store = Store(initialState: QuakesState(), reducer: QuakesReducer.reduce)
    let listener = Listener(
      localStore: ReportingLocalStore(base: database, finished: continuation),
      remoteStore: RemoteStore(session: QuakesNetworkSession(), baseURL: Fixtures.scenarioFeedFolder)
    )
    listener.listen(to: store)
    var actions = store.makeStream().makeAsyncIterator()

    try store.dispatch(action: .ui(.quakeList(.onAppear)))
    #expect(await calls.next() == "fetchLocalQuakesQuery")
    // A refresh starts only once the status has left waiting, that is once the local result is in.
    await waitForAction(from: &actions, where: isLocalFetchResult)

    // The hour feed: the null-magnitude quake is left out.
    try store.dispatch(action: .ui(.quakeList(.onTapRefreshQuakesButton(range: .allHour))))
    #expect(await calls.next() == "didFetchRemoteQuakesMutation(2, 0, 0)")
    #expect(Set(store.state.quakes.data.keys) == ["ci40871234", "us7000m1a2"])
    #expect(try await database.fetchLocalQuakesQuery() == store.state.quakes.data.values.sorted { $0.id < $1.id })

    // The day feed revises Ridgecrest, adds the quarry blast and Oregon, and skips the negative magnitude.
    try store.dispatch(action: .ui(.quakeList(.onTapRefreshQuakesButton(range: .allDay))))
    #expect(await calls.next() == "didFetchRemoteQuakesMutation(2, 1, 0)")
    #expect(store.state.quakes.data["ci40871234"]?.magnitude == 2.4)

    // The week feed gives the Hawaii quake a magnitude and brings two more.
    try store.dispatch(action: .ui(.quakeList(.onTapRefreshQuakesButton(range: .allWeek))))
    #expect(await calls.next() == "didFetchRemoteQuakesMutation(3, 0, 0)")
    #expect(store.state.quakes.status == .success)
    let saved = try await database.fetchLocalQuakesQuery()
    #expect(saved == store.state.quakes.data.values.sorted { $0.id < $1.id })
    #expect(saved.count == 7)

    // The month feed is truncated: a visible failure, nothing written.
    try store.dispatch(action: .ui(.quakeList(.onTapRefreshQuakesButton(range: .allMonth))))
    try store.dispatch(action: .ui(.quakeList(.onTapDeleteSelectedQuakeButton(quakeId: "us7000m1a2"))))
    #expect(await calls.next() == "deleteLocalQuakeMutation(us7000m1a2)")
    #expect(store.state.quakes.status == .failure(error: "malformed feed: not valid JSON"))
    #expect(try await database.fetchLocalQuakesQuery().count == 6)
    withExtendedLifetime(listener) {}
  }
}
