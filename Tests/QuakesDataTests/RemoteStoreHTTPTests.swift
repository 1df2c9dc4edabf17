import Foundation
@testable import QuakesData
import TestSupport
import Testing

/// RemoteStore through the real URLSession session against a real HTTP server on 127.0.0.1.
@Suite(.timeLimit(.minutes(10))) struct RemoteStoreHTTPTests {
  private static let oneQuake = Data(
    """
    {"type":"FeatureCollection","metadata":{"count":1},"features":[{"type":"Feature","properties":\
    {"mag":3.4,"place":"Ōtsu, Japan","time":1710498723000,"updated":1710500659000,"type":"earthquake"},\
    "geometry":{"type":"Point","coordinates":[135.8686,35.0045,11.3]},"id":"us7000m1a2"}]}
    """.utf8
  )

  private func fetch(
    _ reply: FixtureHTTPServer.Reply,
    range: QuakesAction.UI.QuakeList.RefreshQuakesRange = .allDay,
    // Far past any wait a loaded machine makes: the fetch ends on the server's reply, not on this;
    // only `aServerThatNeverAnswersTimesOut` gives a short one, to see it fire.
    timeout: TimeInterval = 120
  ) async throws -> [Quake] {
    let routes = ["/feeds/\(RemoteStore<QuakesNetworkSession>.feedName(range: range))": reply]
    return try await FixtureHTTPServer.withServer(routes: routes) { server in
      let store = RemoteStore(
        session: QuakesNetworkSession(timeout: timeout),
        baseURL: server.baseURL.appending(path: "feeds/", directoryHint: .isDirectory)
      )
      return try await store.fetchRemoteQuakesQuery(range: range)
    }
  }

  /// Runs `body` expecting a `FeedError` whose description is exactly `description` (and so names no host, port or path).
  private func expectFailure(_ description: String, _ body: () async throws -> [Quake]) async {
    do {
      let quakes = try await body()
      Issue.record("expected \(description), got \(quakes.count) quakes")
    } catch {
      #expect(error is FeedError)
      #expect(String(describing: error) == description)
    }
  }

  @Test(arguments: QuakesAction.UI.QuakeList.RefreshQuakesRange.allCases)
  func aSuccessfulResponseDecodesItsQuakes(range: QuakesAction.UI.QuakeList.RefreshQuakesRange) async throws {
    let quakes = try await self.fetch(.respond(status: 200, body: Self.oneQuake), range: range)
    #expect(quakes == [
      Quake(
        quakeId: "us7000m1a2", magnitude: 3.4, time: Fixtures.date("2024-03-15T10:32:03Z"),
        updated: Fixtures.date("2024-03-15T11:04:19Z"), name: "Ōtsu, Japan", longitude: 135.8686, latitude: 35.0045
      )
    ])
  }

  @Test(.enabled(if: Fixtures.hasUSGSFeeds, "the real USGS feeds are missing: expected them in ../shared/fixtures/usgs/"))
  func aRealWeekFeedOverHTTPDecodesAllItsQuakes() async throws {
    let body = try Data(contentsOf: Fixtures.usgsFeed("week-2020-07-08.geojson"))
    let quakes = try await self.fetch(.respond(status: 200, body: body), range: .allWeek)
    #expect(quakes.count == 3236)
  }

  @Test func anHTTPErrorStatusFails() async {
    await self.expectFailure("HTTP status 500") {
      try await self.fetch(.respond(status: 500, body: Data("{\"error\":\"boom\"}".utf8)))
    }
  }

  @Test func aMissingFeedOnTheServerFailsWithItsStatus() async throws {
    try await FixtureHTTPServer.withServer(routes: [:]) { server in
      let store = RemoteStore(session: QuakesNetworkSession(timeout: 120), baseURL: server.baseURL)
      await self.expectFailure("HTTP status 404") {
        try await store.fetchRemoteQuakesQuery(range: .allHour)
      }
    }
  }

  @Test func malformedJSONFails() async {
    await self.expectFailure("malformed feed: not valid JSON") {
      try await self.fetch(.respond(status: 200, body: Data("<html>Service Unavailable</html>".utf8)))
    }
  }

  @Test func truncatedJSONFails() async {
    await self.expectFailure("malformed feed: not valid JSON") {
      try await self.fetch(.respond(status: 200, body: Self.oneQuake.prefix(Self.oneQuake.count / 2)))
    }
  }

  @Test func anEmptyBodyFails() async {
    await self.expectFailure("malformed feed: not valid JSON") {
      try await self.fetch(.respond(status: 200, body: Data()))
    }
  }

  @Test func aRefusedConnectionFails() async throws {
    let socket = try LoopbackSocket()
    defer { socket.close() }
    let baseURL = try #require(URL(string: "http://127.0.0.1:\(socket.port)/"))
    let store = RemoteStore(session: QuakesNetworkSession(timeout: 120), baseURL: baseURL)
    await self.expectFailure("connection refused") {
      try await store.fetchRemoteQuakesQuery(range: .allHour)
    }
  }

  @Test func aServerThatNeverAnswersTimesOut() async {
    // The server never answers: only the configured timeout can end the fetch (the suite's time
    // limit fails the test if nothing does), and the error says so.
    await self.expectFailure("timed out") {
      try await self.fetch(.silent, timeout: 1)
    }
  }
}
