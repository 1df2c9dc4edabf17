import Foundation
@testable import QuakesData
import Testing

/// Prints how long the real past-week feed (3,236 quakes) takes from GeoJSON into state, and into
/// SQLite and back: the median of five runs, no timed assertion. Run it in a release build with
/// `QUAKES_MEASURE=1 swift test -c release --filter QuakesDataMeasurement`.
@Suite struct QuakesDataMeasurement {
  private static let enabled = ProcessInfo.processInfo.environment["QUAKES_MEASURE"] != nil

  private static func median(_ durations: [Duration]) -> Duration {
    durations.sorted()[durations.count / 2]
  }

  private static func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let value = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    return String(format: "%.2f ms", value)
  }

  @Test(
    .enabled(if: Self.enabled, "measurement only: set QUAKES_MEASURE=1 (and build with -c release)"),
    .enabled(if: Fixtures.hasUSGSFeeds, "the real USGS feeds are missing: expected them in ../shared/fixtures/usgs/")
  )
  func weekFeedIntoStateAndThroughSQLite() async throws {
    let body = try Data(contentsOf: Fixtures.usgsFeed("week-2020-07-08.geojson"))
    let clock = ContinuousClock()
    var decodeTimes: [Duration] = []
    var writeTimes: [Duration] = []
    var readTimes: [Duration] = []
    for _ in 0..<5 {
      let store = RemoteStore(session: CannedNetworkSession(body: body))
      var state = QuakesState()
      var quakes: [Quake] = []
      decodeTimes.append(
        try await clock.measure {
          quakes = try await store.fetchRemoteQuakesQuery(range: .allWeek)
          state = try QuakesReducer.reduce(
            state: state,
            action: .data(.persistentSession(.remoteStore(.didFetchQuakes(result: .success(quakes: quakes)))))
          )
        }
      )
      #expect(quakes.count == 3236)
      #expect(state.quakes.data.count == 3113)

      let folder = FileManager.default.temporaryDirectory
        .appending(path: "QuakesDataMeasurement-\(UUID().uuidString)", directoryHint: .isDirectory)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let database = try LocalStore(path: folder.appending(path: "quakes.sqlite").path(percentEncoded: false))
      let inserted = Array(state.quakes.data.values)
      writeTimes.append(
        try await clock.measure {
          try await database.didFetchRemoteQuakesMutation(inserted: inserted, updated: [], deleted: [])
        }
      )
      var readBack: [Quake] = []
      readTimes.append(
        try await clock.measure {
          readBack = try await database.fetchLocalQuakesQuery()
        }
      )
      #expect(readBack.count == 3113)
    }
    let total = zip(writeTimes, readTimes).map { $0 + $1 }
    print("week-2020-07-08 (3,236 features, 3,113 kept), median of 5:")
    print("  GeoJSON into state: \(Self.milliseconds(Self.median(decodeTimes)))")
    print("  SQLite write: \(Self.milliseconds(Self.median(writeTimes))), read back: \(Self.milliseconds(Self.median(readTimes))), write+read: \(Self.milliseconds(Self.median(total)))")
  }
}
