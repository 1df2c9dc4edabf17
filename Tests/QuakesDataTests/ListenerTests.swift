import Foundation
import ImmutableData
@testable import QuakesData
import TestSupport
import Testing

@MainActor @Suite(.timeLimit(.minutes(10))) struct ListenerTests {
  private typealias Call = LocalStoreDouble.Call

  private let kept = Fixtures.quake("kept", magnitude: 2)
  private let revised = Fixtures.quake("revised", magnitude: 3, updated: "2024-03-15T10:00:00Z")
  private let revisedLater = Fixtures.quake("revised", magnitude: 3.3, updated: "2024-03-15T11:00:00Z")
  private let lostMagnitude = Fixtures.quake("lost", magnitude: 1.4)
  private let lostMagnitudeNow = Fixtures.quake("lost", magnitude: 0)
  private let brandNew = Fixtures.quake("new", magnitude: 4.2)
  private let negativeNeverSeen = Fixtures.quake("negative", magnitude: -0.5)
  private let untouched = Fixtures.quake("untouched", magnitude: 5)

  private func makeStore(
    local: LocalStoreDouble,
    remote: RemoteStoreDouble
  ) -> (Store<QuakesState, QuakesAction>, Listener<LocalStoreDouble, RemoteStoreDouble>) {
    let store = Store(initialState: QuakesState(), reducer: QuakesReducer.reduce)
    let listener = Listener(localStore: local, remoteStore: remote)
    listener.listen(to: store)
    return (store, listener)
  }

  @Test func onAppearFetchesLocalQuakesOnceAndDispatchesThem() async throws {
    let local = LocalStoreDouble(fetchResult: .success([kept, revised]))
    let (store, listener) = self.makeStore(local: local, remote: RemoteStoreDouble(results: [:]))
    var calls = local.calls.makeAsyncIterator()

    try store.dispatch(action: .ui(.quakeList(.onAppear)))
    #expect(await calls.next() == .fetchLocalQuakes)
    // A second onAppear does not move the status, so nothing is fetched: the next call is the delete.
    try store.dispatch(action: .ui(.quakeList(.onAppear)))
    try store.dispatch(action: .ui(.quakeList(.onTapDeleteAllQuakesButton)))
    #expect(await calls.next() == .deleteLocalQuakes)
    withExtendedLifetime(listener) {}
    #expect(store.state.quakes.status == .success)
  }

  @Test func onlyTheFirstAppearFetchesTheLocalQuakes() async throws {
    // A reducer that moves the status to waiting on every appear: only an appear that found no
    // status at all may fetch, and this one finds a failure.
    let failed = QuakesState(quakes: .init(data: [:], status: .failure(error: "timed out")))
    let reducer = overriding(QuakesReducer.reduce) { $0 == .ui(.quakeList(.onAppear)) } with: { $0.quakes.status = .waiting }
    let store = Store(initialState: failed, reducer: reducer)
    let local = LocalStoreDouble()
    let listener = Listener(localStore: local, remoteStore: RemoteStoreDouble(results: [:]))
    listener.listen(to: store)
    var calls = local.calls.makeAsyncIterator()
    try store.dispatch(action: .ui(.quakeList(.onAppear)))
    try store.dispatch(action: .ui(.quakeList(.onTapDeleteAllQuakesButton)))
    #expect(await calls.next() == .deleteLocalQuakes)
    withExtendedLifetime(listener) {}
  }

  @Test func aLocalFetchFailureIsDispatchedWithItsDescription() async throws {
    let local = LocalStoreDouble(fetchResult: .failure(.timedOut))
    let (store, listener) = self.makeStore(local: local, remote: RemoteStoreDouble(results: [:]))
    var calls = local.calls.makeAsyncIterator()
    try store.dispatch(action: .ui(.quakeList(.onAppear)))
    #expect(await calls.next() == .fetchLocalQuakes)
    // The result is dispatched before the next action is handled.
    try store.dispatch(action: .ui(.quakeList(.onTapDeleteAllQuakesButton)))
    #expect(await calls.next() == .deleteLocalQuakes)
    withExtendedLifetime(listener) {}
    #expect(store.state.quakes.status == .failure(error: "timed out"))
  }

  @Test func aRemoteFetchWritesExactlyTheInsertedUpdatedAndDeletedQuakes() async throws {
    let local = LocalStoreDouble(fetchResult: .success([kept, revised, lostMagnitude, untouched]))
    let remote = RemoteStoreDouble(results: [
      .allDay: .success([kept, revisedLater, lostMagnitudeNow, brandNew, negativeNeverSeen, brandNew]),
    ])
    let (store, listener) = self.makeStore(local: local, remote: remote)
    var calls = local.calls.makeAsyncIterator()
    var actions = store.makeStream().makeAsyncIterator()
    try store.dispatch(action: .ui(.quakeList(.onAppear)))
    #expect(await calls.next() == .fetchLocalQuakes)
    // A refresh starts only once the status has left waiting, that is once the local result is in.
    await waitForAction(from: &actions, where: isLocalFetchResult)

    try store.dispatch(action: .ui(.quakeList(.onTapRefreshQuakesButton(range: .allDay))))
    let mutation = await calls.next()
    #expect(
      mutation == .didFetchRemoteQuakes(
        inserted: [brandNew],
        updated: [revisedLater],
        deleted: [lostMagnitude]
      )
    )
    #expect(await local.duplicateFree)
    withExtendedLifetime(listener) {}
    #expect(store.state.quakes.status == .success)
    #expect(Set(store.state.quakes.data.values) == [kept, revisedLater, brandNew, untouched])
  }

  @Test func aRemoteFetchFailureWritesNothingAndSetsTheFailureStatus() async throws {
    let local = LocalStoreDouble()
    let remote = RemoteStoreDouble(results: [.allMonth: .failure(.malformedFeed("not valid JSON"))])
    let (store, listener) = self.makeStore(local: local, remote: remote)
    var calls = local.calls.makeAsyncIterator()
    try store.dispatch(action: .ui(.quakeList(.onTapRefreshQuakesButton(range: .allMonth))))
    try store.dispatch(action: .ui(.quakeList(.onTapDeleteAllQuakesButton)))
    #expect(await calls.next() == .deleteLocalQuakes)
    withExtendedLifetime(listener) {}
    #expect(store.state.quakes.status == .failure(error: "malformed feed: not valid JSON"))
  }

  @Test func aRefreshWhileWaitingFetchesOnlyOnce() async throws {
    let local = LocalStoreDouble()
    let remote = RemoteStoreDouble(results: [.allHour: .success([brandNew]), .allWeek: .success([kept])])
    let (store, listener) = self.makeStore(local: local, remote: remote)
    var calls = local.calls.makeAsyncIterator()
    // Both are reduced before the listener runs the first fetch; the second finds the status
    // already waiting, so only the hour feed is fetched.
    try store.dispatch(action: .ui(.quakeList(.onTapRefreshQuakesButton(range: .allHour))))
    try store.dispatch(action: .ui(.quakeList(.onTapRefreshQuakesButton(range: .allWeek))))
    #expect(await calls.next() == .didFetchRemoteQuakes(inserted: [brandNew], updated: [], deleted: []))
    try store.dispatch(action: .ui(.quakeList(.onTapDeleteAllQuakesButton)))
    #expect(await calls.next() == .deleteLocalQuakes)
    withExtendedLifetime(listener) {}
    #expect(store.state.quakes.data.isEmpty)
  }

  @Test func deletesAreWrittenToTheLocalStore() async throws {
    let local = LocalStoreDouble()
    let (store, listener) = self.makeStore(local: local, remote: RemoteStoreDouble(results: [:]))
    var calls = local.calls.makeAsyncIterator()
    try store.dispatch(action: .data(.persistentSession(.localStore(.didFetchQuakes(result: .success(quakes: [kept, untouched]))))))
    try store.dispatch(action: .ui(.quakeList(.onTapDeleteSelectedQuakeButton(quakeId: "kept"))))
    #expect(await calls.next() == .deleteLocalQuake(quakeId: "kept"))
    #expect(Array(store.state.quakes.data.values) == [untouched])
    try store.dispatch(action: .ui(.quakeList(.onTapDeleteAllQuakesButton)))
    #expect(await calls.next() == .deleteLocalQuakes)
    withExtendedLifetime(listener) {}
    #expect(store.state.quakes.data.isEmpty)
  }

  @Test func changesCompareOldAndNewStateForTheFetchedIds() {
    var old = QuakesState()
    for quake in [kept, revised, lostMagnitude, untouched] {
      old.quakes.data[quake.id] = quake
    }
    let fetched = [kept, revisedLater, lostMagnitudeNow, brandNew, negativeNeverSeen]
    let action = QuakesAction.data(.persistentSession(.remoteStore(.didFetchQuakes(result: .success(quakes: fetched)))))
    let new = (try? QuakesReducer.reduce(state: old, action: action)) ?? old
    let changes = Listener<LocalStoreDouble, RemoteStoreDouble>.changes(of: fetched, from: old, to: new)
    #expect(changes.inserted == [brandNew])
    #expect(changes.updated == [revisedLater])
    #expect(changes.deleted == [lostMagnitude])
  }
}
