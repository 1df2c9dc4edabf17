import Foundation
import HashTreeCollections
import ImmutableData
import QuakesData
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A quakes remote store's session that records the request and decodes a canned body as the
/// guide's `RemoteResponse` with the decoder the store passed, or throws.
final class QuakesSessionDouble: QuakesData.RemoteStoreNetworkSession, @unchecked Sendable {
  let request = Locked<URLRequest?>(nil)
  let body: Data?
  let error = MarkerError()

  init(body: Data? = nil) {
    self.body = body
  }

  func json<T>(for request: URLRequest, from decoder: JSONDecoder) async throws -> T where T: Decodable {
    self.request.set(request)
    guard let body = self.body else {
      throw self.error
    }
    let response = try decoder.decode(RemoteResponse.self, from: body)
    guard let response = response as? T else {
      throw self.error
    }
    return response
  }
}

/// A local store whose every query and mutation throws the same error.
final class FailingLocalQuakesStore: PersistentSessionLocalStore, @unchecked Sendable {
  let error = MarkerError()

  func fetchLocalQuakesQuery() async throws -> [Quake] { throw self.error }
  func didFetchRemoteQuakesMutation(inserted: [Quake], updated: [Quake], deleted: [Quake]) async throws { throw self.error }
  func deleteLocalQuakeMutation(quakeId: Quake.ID) async throws { throw self.error }
  func deleteLocalQuakesMutation() async throws { throw self.error }
}

/// Quakes' `RemoteStore` and thunks as the guide has them.
@MainActor @Suite(.timeLimit(.minutes(10))) struct QuakesConformanceTests {
  private static func feed(_ quakes: [Quake]) throws -> Data {
    let features: [[String: Any]] = quakes.map { quake in
      [
        "id": quake.quakeId,
        "properties": [
          "mag": quake.magnitude, "place": quake.name,
          "time": quake.time.timeIntervalSince1970 * 1000, "updated": quake.updated.timeIntervalSince1970 * 1000,
        ],
        "geometry": ["coordinates": [quake.longitude, quake.latitude]],
      ]
    }
    return try JSONSerialization.data(withJSONObject: ["features": features])
  }

  @Test(arguments: [
    (QuakesAction.UI.QuakeList.RefreshQuakesRange.allHour, "all_hour"), (.allDay, "all_day"), (.allWeek, "all_week"),
    (.allMonth, "all_month"),
  ])
  func theStoreFetchesTheUSGSFeedOfItsRangeAndDecodesDatesInMilliseconds(
    range: QuakesAction.UI.QuakeList.RefreshQuakesRange, feed: String
  ) async throws {
    let quakes = [Quake.xxsmall, .medium, .xxxlarge]
    let session = QuakesSessionDouble(body: try Self.feed(quakes))
    #expect(try await RemoteStore(session: session).fetchRemoteQuakesQuery(range: range) == quakes)
    #expect(
      session.request.current?.url?.absoluteString
        == "https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/\(feed).geojson")
  }

  @Test func theSessionsErrorReachesTheCallerUnchanged() async {
    let session = QuakesSessionDouble()
    do {
      _ = try await RemoteStore(session: session).fetchRemoteQuakesQuery(range: .allDay)
      Issue.record("expected the session's error")
    } catch {
      #expect((error as? MarkerError) === session.error)
    }
  }

  @Test func aRemoteFetchKeepsQuakesWithAMagnitudeAndRemovesTheRest() throws {
    let noMagnitude = Quake(
      quakeId: "medium", magnitude: 0, time: Quake.medium.time, updated: Quake.medium.updated, name: Quake.medium.name,
      longitude: Quake.medium.longitude, latitude: Quake.medium.latitude)
    let state = QuakesState(quakes: .init(data: TreeDictionary(uniqueKeysWithValues: [(Quake.medium.id, Quake.medium)])))
    let next = try QuakesReducer.reduce(
      state: state, action: .data(.persistentSession(.remoteStore(.didFetchQuakes(result: .success(quakes: [noMagnitude, .large]))))))
    #expect(next.quakes.data == [Quake.large.id: .large])
    #expect(next.quakes.status == .success)
  }

  @Test func aFailedFetchDispatchesItsFailureThenThrowsTheStoresError() async {
    let local = FailingLocalQuakesStore()
    let remote = QuakesSessionDouble()
    let session = PersistentSession(localStore: local, remoteStore: RemoteStore(session: remote), logger: LogStream().logger)
    let store = Store(initialState: QuakesState(), reducer: QuakesReducer.reduce)
    for (thunk, expected) in [
      (session.fetchLocalQuakesQuery() as @Sendable (Store<QuakesState, QuakesAction>, Store<QuakesState, QuakesAction>) async throws -> Void, local.error),
      (session.fetchRemoteQuakesQuery(range: .allDay), remote.error),
    ] {
      do {
        try await store.dispatch(thunk: thunk)
        Issue.record("expected the store's error")
      } catch {
        #expect((error as? MarkerError) === expected)
      }
      #expect(store.state.quakes.status == .failure(error: String(describing: expected)))
    }
  }

  @Test func aFailedLocalMutationThrowsTheStoresError() async {
    let local = FailingLocalQuakesStore()
    let session = PersistentSession(localStore: local, remoteStore: RemoteStore(session: QuakesSessionDouble()), logger: LogStream().logger)
    let store = Store(initialState: QuakesState(), reducer: QuakesReducer.reduce)
    for thunk in [
      session.deleteLocalQuakesMutation() as @Sendable (Store<QuakesState, QuakesAction>, Store<QuakesState, QuakesAction>) async throws -> Void,
      session.deleteLocalQuakeMutation(quakeId: "medium"),
      session.didFetchRemoteQuakesMutation(inserted: [.medium], updated: [], deleted: []),
    ] {
      do {
        try await store.dispatch(thunk: thunk)
        Issue.record("expected the local store's error")
      } catch {
        #expect((error as? MarkerError) === local.error)
      }
    }
  }

  @Test func theListenerLogsTheErrorItsThunkThrew() async {
    let log = LogStream()
    let local = FailingLocalQuakesStore()
    let store = Store(initialState: QuakesState(), reducer: QuakesReducer.reduce)
    let listener = Listener(localStore: local, remoteStore: RemoteStore(session: QuakesSessionDouble()), logger: log.logger)
    listener.listen(to: store)
    try? store.dispatch(action: .ui(.quakeList(.onAppear)))
    let line = await log.first(startingWith: "Listener:")
    #expect(line == "Listener: \(String(describing: local.error))")
  }
}
