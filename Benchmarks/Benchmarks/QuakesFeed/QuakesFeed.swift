import Benchmark
import Foundation
import QuakesData
import SmokeMode

// Figure 6 of ENGINEERING.md: a real USGS past-week feed (3,236 quakes) from GeoJSON into
// state, and into the SQLite cache and back. The feed is read through the domain's own
// `RemoteStore` and `QuakesNetworkSession` from a folder that serves it as `all_week.geojson`.

/// The shared fixture, found from this file: `<repo>/../shared/fixtures/usgs/week-2020-07-08.geojson`.
let fixtureURL = URL(filePath: #filePath)
  .deletingLastPathComponent()  // QuakesFeed
  .deletingLastPathComponent()  // Benchmarks
  .deletingLastPathComponent()  // Benchmarks package
  .deletingLastPathComponent()  // repository root
  .appending(path: "../shared/fixtures/usgs/week-2020-07-08.geojson")
  .standardizedFileURL

/// A folder under the temporary directory that serves the fixture as `all_week.geojson`; each
/// benchmark removes it when done (`make test` fails on anything left in its TMPDIR).
func makeFeedFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appending(path: "quakes-feed-bench-\(getpid())", directoryHint: .isDirectory)
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let feed = folder.appending(path: "all_week.geojson")
  if !FileManager.default.fileExists(atPath: feed.path) {
    try FileManager.default.createSymbolicLink(at: feed, withDestinationURL: fixtureURL)
  }
  return folder
}

/// Fetches the week feed from `folder` and reduces it into a fresh state.
func loadFeed(from folder: URL) async throws -> (quakes: [Quake], state: QuakesState) {
  let remote = RemoteStore(session: QuakesNetworkSession(), baseURL: folder)
  let quakes = try await remote.fetchRemoteQuakesQuery(range: .allWeek)
  let state = try QuakesReducer.reduce(
    state: QuakesState(),
    action: .data(.persistentSession(.remoteStore(.didFetchQuakes(result: .success(quakes: quakes)))))
  )
  return (quakes, state)
}

let fixtureIsPresent = FileManager.default.fileExists(atPath: fixtureURL.path)

let benchmarks: @Sendable () -> Void = {
  SmokeCheck.install()
  Benchmark.defaultConfiguration = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    warmupIterations: 1,
    maxDuration: .seconds(5),
    maxIterations: 30,
    skip: !fixtureIsPresent
  ).smoked
  if !fixtureIsPresent {
    print("QuakesFeed: skipped, the USGS fixture is missing at \(fixtureURL.path)")
  }

  Benchmark("6 USGS week feed: GeoJSON into state") { benchmark in
    let folder = try makeFeedFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    benchmark.startMeasurement()
    let (quakes, state) = try await loadFeed(from: folder)
    benchmark.stopMeasurement()
    blackHole(state)
    if quakes.count != 3_236 {
      benchmark.error("the week feed decoded into \(quakes.count) quakes, not 3,236")
    }
  }

  Benchmark("6 USGS week feed: into SQLite (file, WAL) and back into state") { benchmark in
    let folder = try makeFeedFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (quakes, _) = try await loadFeed(from: folder)
    let path = FileManager.default.temporaryDirectory.appending(path: "quakes-bench-\(getpid())-\(benchmark.currentIteration).sqlite").path
    defer {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
      }
    }
    benchmark.startMeasurement()
    let store = try LocalStore(path: path)
    try await store.didFetchRemoteQuakesMutation(inserted: quakes, updated: [], deleted: [])
    let saved = try await store.fetchLocalQuakesQuery()
    let state = try QuakesReducer.reduce(
      state: QuakesState(),
      action: .data(.persistentSession(.localStore(.didFetchQuakes(result: .success(quakes: saved)))))
    )
    benchmark.stopMeasurement()
    blackHole(state)
    if saved.count != quakes.count {
      benchmark.error("saved \(quakes.count) quakes, read back \(saved.count)")
    }
  }
}
