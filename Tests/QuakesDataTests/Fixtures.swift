import Foundation
import QuakesData

/// Where the test data lives: the real USGS feeds shared beside the repository, and the project's own scenario feeds.
enum Fixtures {
  /// The repository root, found from this file's path.
  static let repositoryRoot = URL(filePath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The folder of real USGS feeds, `../shared/fixtures/usgs/` from the repository root.
  static let usgsFolder = repositoryRoot
    .deletingLastPathComponent()
    .appending(path: "shared/fixtures/usgs", directoryHint: .isDirectory)

  /// Whether the real USGS feeds are there; tests that need them are skipped (and say so) when not.
  static let hasUSGSFeeds = FileManager.default.fileExists(atPath: usgsFolder.path(percentEncoded: false))

  /// The project's own small feeds, read by `use quakes --feed quakes-feed/` scenarios.
  static let scenarioFeedFolder = repositoryRoot
    .appending(path: "Scenarios/quakes-feed", directoryHint: .isDirectory)

  /// The URL of one real USGS feed file.
  static func usgsFeed(_ name: String) -> URL {
    usgsFolder.appending(path: name, directoryHint: .notDirectory)
  }

  /// A UTC Gregorian calendar, so day filters do not depend on the machine's time zone.
  static let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    return calendar
  }()

  /// The instant `iso8601` (e.g. `2024-03-15T10:05:11Z`) names, or the distant past if it is not valid.
  static func date(_ iso8601: String) -> Date {
    (try? Date(iso8601, strategy: .iso8601)) ?? .distantPast
  }

  /// A quake with the given id and magnitude, happening at `time` (and last updated at `updated`).
  static func quake(
    _ quakeId: String,
    magnitude: Double = 2,
    time: String = "2024-03-15T10:00:00Z",
    updated: String? = nil,
    name: String = "Somewhere, CA"
  ) -> Quake {
    Quake(
      quakeId: quakeId,
      magnitude: magnitude,
      time: date(time),
      updated: date(updated ?? time),
      name: name,
      longitude: -120,
      latitude: 36
    )
  }
}

/// Whether `action` is the local store's fetch result.
func isLocalFetchResult(_ action: QuakesAction) -> Bool {
  if case .data(.persistentSession(.localStore(.didFetchQuakes))) = action {
    return true
  }
  return false
}
