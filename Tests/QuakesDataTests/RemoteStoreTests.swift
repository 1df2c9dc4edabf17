import Foundation
@testable import QuakesData
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a real USGS feed must decode to.
struct FeedExpectation: Sendable, CustomTestStringConvertible {
  let file: String
  let count: Int
  let positiveMagnitudes: Int
  let nonASCIIPlaces: Int
  let samples: [Quake]

  var testDescription: String { self.file }
}

private func usgsQuake(
  _ quakeId: String, _ magnitude: Double, _ name: String, _ time: Double, _ updated: Double, _ longitude: Double, _ latitude: Double
) -> Quake {
  Quake(
    quakeId: quakeId,
    magnitude: magnitude,
    time: Date(timeIntervalSince1970: time / 1000),
    updated: Date(timeIntervalSince1970: updated / 1000),
    name: name,
    longitude: longitude,
    latitude: latitude
  )
}

@Suite(.timeLimit(.minutes(10))) struct RemoteStoreRealFeedTests {
  static let feeds: [FeedExpectation] = [
    FeedExpectation(
      file: "day-2014-04-14.geojson", count: 146, positiveMagnitudes: 146, nonASCIIPlaces: 0,
      samples: [
        // A quarry event, not an earthquake.
        usgsQuake("uw60740681", 2.4, "6km S of Princeton, Canada", 1397423580000, 1397433697722, -120.4992, 49.4012)
      ]
    ),
    FeedExpectation(
      file: "day-2019-01-30.geojson", count: 233, positiveMagnitudes: 224, nonASCIIPlaces: 0,
      samples: [
        usgsQuake("nn00676239", -0.3, "8km S of Hawthorne, Nevada", 1548846327735, 1548870865454, -118.6159, 38.4527),
        usgsQuake("ci38211111", 1.66, "5km NW of Boron, CA", 1548807572740, 1548867446820, -117.6873333, 35.0315),
      ]
    ),
    FeedExpectation(
      file: "week-2014-04-15.geojson", count: 1513, positiveMagnitudes: 1500, nonASCIIPlaces: 0,
      samples: [
        usgsQuake("ci37211552", -0.13, "8km W of Anza, California", 1397458945580, 1397518034670, -116.7623333, 33.5551667)
      ]
    ),
    FeedExpectation(
      file: "week-2020-07-08.geojson", count: 3236, positiveMagnitudes: 3113, nonASCIIPlaces: 78,
      samples: [
        usgsQuake("us7000ak95", 4.2, "10 km NNW of Dalvík, Iceland", 1594230093409, 1594238507040, -18.6336, 66.0545),
        usgsQuake("av62193876", -0.03, "13 km WSW of Dutch Harbor, Alaska", 1594225803220, 1594235518640, -166.7451667, 53.8636667),
        // A quarry blast, not an earthquake.
        usgsQuake("ci39284823", 1.35, "3km ENE of Rancho San Diego, CA", 1594236820980, 1594237058427, -116.9033333, 32.7608333),
      ]
    ),
  ]

  @Test(
    .enabled(if: Fixtures.hasUSGSFeeds, "the real USGS feeds are missing: expected them in ../shared/fixtures/usgs/"),
    arguments: feeds
  )
  func decodesEveryFeatureOfARealFeed(feed: FeedExpectation) async throws {
    let store = RemoteStore(session: OneFileSession(file: Fixtures.usgsFeed(feed.file)))
    let quakes = try await store.fetchRemoteQuakesQuery(range: .allWeek)
    #expect(quakes.count == feed.count)
    #expect(Set(quakes.map(\.id)).count == feed.count)
    #expect(quakes.filter { $0.magnitude > 0 }.count == feed.positiveMagnitudes)
    #expect(quakes.filter { !$0.name.allSatisfy(\.isASCII) }.count == feed.nonASCIIPlaces)
    let byId = Dictionary(quakes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for sample in feed.samples {
      #expect(byId[sample.id] == sample)
    }

    let state = try QuakesReducer.reduce(
      state: QuakesState(),
      action: .data(.persistentSession(.remoteStore(.didFetchQuakes(result: .success(quakes: quakes)))))
    )
    #expect(state.quakes.data.count == feed.positiveMagnitudes)
    #expect(state.quakes.status == .success)
  }
}

@Suite(.timeLimit(.minutes(10))) struct RemoteStoreTests {
  private let feedStore = RemoteStore(session: QuakesNetworkSession(), baseURL: Fixtures.scenarioFeedFolder)

  @Test func theDefaultBaseURLIsTheUSGSSummaryFolderAndEachRangeHasItsFile() {
    let store = RemoteStore(session: QuakesNetworkSession())
    let urls = QuakesAction.UI.QuakeList.RefreshQuakesRange.allCases.map { store.feedURL(range: $0).absoluteString }
    #expect(urls == [
      "https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/all_hour.geojson",
      "https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/all_day.geojson",
      "https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/all_week.geojson",
      "https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/all_month.geojson",
    ])
  }

  @Test func theScenarioHourFeedHasANullMagnitudeAndANonASCIIPlace() async throws {
    let quakes = try await self.feedStore.fetchRemoteQuakesQuery(range: .allHour)
    #expect(quakes == [
      Quake(
        quakeId: "hv74123456", magnitude: 0, time: Fixtures.date("2024-03-15T10:31:57Z"),
        updated: Fixtures.date("2024-03-15T10:33:02Z"), name: "5 km S of Volcano, Hawaii",
        longitude: -155.2341, latitude: 19.3812
      ),
      Quake(
        quakeId: "us7000m1a2", magnitude: 4.1, time: Fixtures.date("2024-03-15T10:12:03Z"),
        updated: Fixtures.date("2024-03-15T10:44:19Z"), name: "Ōtsu, Japan",
        longitude: 135.8686, latitude: 35.0045
      ),
      Quake(
        quakeId: "ci40871234", magnitude: 2.3, time: Fixtures.date("2024-03-15T10:05:11Z"),
        updated: Fixtures.date("2024-03-15T10:21:40Z"), name: "12 km NE of Ridgecrest, CA",
        longitude: -117.5612, latitude: 35.7401
      ),
    ])
  }

  @Test func theScenarioDayAndWeekFeedsOverlapWithRevisions() async throws {
    let hour = try await self.feedStore.fetchRemoteQuakesQuery(range: .allHour)
    let day = try await self.feedStore.fetchRemoteQuakesQuery(range: .allDay)
    let week = try await self.feedStore.fetchRemoteQuakesQuery(range: .allWeek)
    #expect(day.map(\.id) == ["ci40871234", "us7000m1a2", "uw61987654", "av92345678", "us7000m0zz"])
    #expect(week.map(\.id) == ["hv74123456", "ci40871234", "uw61987654", "us7000m0zz", "nc75012345", "us7000lzq1"])
    let hourRidgecrest = try #require(hour.first { $0.id == "ci40871234" })
    let dayRidgecrest = try #require(day.first { $0.id == "ci40871234" })
    #expect(hourRidgecrest.updated < dayRidgecrest.updated)
    #expect(dayRidgecrest.magnitude == 2.4)
    #expect(day.first { $0.id == "av92345678" }?.magnitude == -0.4)
    #expect(week.first { $0.id == "nc75012345" }?.name == RemoteResponse.unknownPlace)
    #expect(week.first { $0.id == "hv74123456" }?.magnitude == 1.6)
    let onTheFifteenth = QuakesState.selectQuakesValues(
      searchText: "", searchDate: Fixtures.date("2024-03-15T12:00:00Z"), sort: \.time, calendar: Fixtures.utc
    )(try QuakesReducer.reduce(
      state: QuakesState(),
      action: .data(.persistentSession(.remoteStore(.didFetchQuakes(result: .success(quakes: hour + day)))))
    ))
    #expect(onTheFifteenth.map(\.id) == ["uw61987654", "ci40871234", "us7000m1a2"])
  }

  @Test func theScenarioMonthFeedIsTruncatedAndFailsAsMalformed() async {
    await #expect(throws: FeedError.malformedFeed("not valid JSON")) {
      try await self.feedStore.fetchRemoteQuakesQuery(range: .allMonth)
    }
  }

  @Test func aMissingFeedFolderIsFeedNotFound() async {
    let missing = FileManager.default.temporaryDirectory
      .appending(path: "no-such-feeds-\(UUID().uuidString)", directoryHint: .isDirectory)
    let store = RemoteStore(session: QuakesNetworkSession(), baseURL: missing)
    await #expect(throws: FeedError.feedNotFound) {
      try await store.fetchRemoteQuakesQuery(range: .allDay)
    }
    #expect(String(describing: FeedError.feedNotFound) == "feed not found")
  }

  @Test(arguments: [
    ("{\"type\":\"FeatureCollection\"}", "malformed feed: missing key \"features\" at $"),
    ("[1, 2]", "malformed feed: expected an object at $"),
    (
      "{\"features\":[{\"id\":\"a\",\"properties\":{\"mag\":1,\"place\":\"x\",\"time\":\"soon\",\"updated\":1},\"geometry\":{\"coordinates\":[1,2]}}]}",
      "malformed feed: expected a number at $.features[0].properties.time"
    ),
    (
      "{\"features\":[{\"id\":\"a\",\"properties\":{\"mag\":1,\"place\":\"x\",\"time\":1,\"updated\":1},\"geometry\":{\"coordinates\":[1]}}]}",
      "malformed feed: fewer than 2 coordinates at $.features[0].geometry"
    ),
    (
      "{\"features\":[{\"id\":\"a\",\"properties\":{\"mag\":1,\"place\":\"x\",\"time\":1,\"updated\":null},\"geometry\":{\"coordinates\":[1,2]}}]}",
      "malformed feed: expected a date at $.features[0].properties.updated, found null"
    ),
    ("{\"features\":[{\"id\":", "malformed feed: not valid JSON"),
  ])
  func malformedBodiesFailWithADeterministicDescription(body: String, description: String) async {
    let store = RemoteStore(session: CannedNetworkSession(body: Data(body.utf8)))
    do {
      let quakes = try await store.fetchRemoteQuakesQuery(range: .allHour)
      Issue.record("decoded \(quakes.count) quakes from a malformed body")
    } catch {
      #expect(String(describing: error) == description)
    }
  }

  @Test func nullMagnitudeAndPlaceHaveDefaults() async throws {
    let body = """
      {"features":[{"type":"Feature","id":"x1","properties":{"mag":null,"place":null,"time":1710498717000,"updated":1710498782000},"geometry":{"type":"Point","coordinates":[-155.5,19.5,3]}}]}
      """
    let quakes = try await RemoteStore(session: CannedNetworkSession(body: Data(body.utf8))).fetchRemoteQuakesQuery(range: .allDay)
    #expect(quakes == [
      Quake(
        quakeId: "x1", magnitude: 0, time: Fixtures.date("2024-03-15T10:31:57Z"),
        updated: Fixtures.date("2024-03-15T10:33:02Z"), name: "Unknown place", longitude: -155.5, latitude: 19.5
      )
    ])
  }
}
