import Foundation
@testable import QuakesData
import Testing

@Suite(.timeLimit(.minutes(10))) struct LocalStoreTests {
  /// A fresh folder under the system's temporary directory, removed when `body` returns.
  private func withTemporaryFolder(_ body: (URL) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "QuakesDataTests-\(UUID().uuidString)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try await body(folder)
  }

  private func quakes(count: Int) -> [Quake] {
    (0..<count).map(self.quake(index:))
  }

  private func quake(index: Int) -> Quake {
    let step = Double(index)
    let name = index.isMultiple(of: 3) ? "Ōtsu, Japan" : "\(index) km N of Nowhere, CA"
    // Fractional seconds that milliseconds cannot express, to prove dates read back exactly.
    let time = Date(timeIntervalSinceReferenceDate: 731_000_000 + step * 1.000_000_7)
    let updated = Date(timeIntervalSinceReferenceDate: 731_000_600.123_456_789 + step)
    let magnitude = 1.5 + Double(index % 70) / 10
    let longitude = -180 + Double(index % 360)
    let latitude = -90 + Double(index % 180) + 0.25
    return Quake(
      quakeId: "q\(index)", magnitude: magnitude, time: time, updated: updated,
      name: name, longitude: longitude, latitude: latitude
    )
  }

  @Test func anInMemoryStoreStartsEmptyAndRoundTripsQuakes() async throws {
    let store = try LocalStore()
    #expect(try await store.fetchLocalQuakesQuery().isEmpty)
    let samples: [Quake] = [.xxxlarge, .small, .medium]
    try await store.didFetchRemoteQuakesMutation(inserted: samples, updated: [], deleted: [])
    #expect(try await store.fetchLocalQuakesQuery() == [.medium, .small, .xxxlarge])
  }

  @Test func updatesOverwriteDeletesRemoveAndInsertsOfKnownIdsOverwrite() async throws {
    let store = try LocalStore()
    let original = self.quakes(count: 4)
    try await store.didFetchRemoteQuakesMutation(inserted: original, updated: [], deleted: [])
    let revised = Quake(
      quakeId: "q1", magnitude: 9.1, time: original[1].time, updated: .distantFuture,
      name: "Revised", longitude: 1, latitude: 2
    )
    let reinserted = Quake(
      quakeId: "q2", magnitude: 0.2, time: original[2].time, updated: original[2].updated,
      name: "Inserted again", longitude: 3, latitude: 4
    )
    try await store.didFetchRemoteQuakesMutation(inserted: [reinserted], updated: [revised], deleted: [original[0]])
    #expect(try await store.fetchLocalQuakesQuery() == [revised, reinserted, original[3]])

    try await store.deleteLocalQuakeMutation(quakeId: "q3")
    try await store.deleteLocalQuakeMutation(quakeId: "never-saved")
    #expect(try await store.fetchLocalQuakesQuery() == [revised, reinserted])

    try await store.deleteLocalQuakesMutation()
    #expect(try await store.fetchLocalQuakesQuery().isEmpty)
  }

  @Test func aFileStoreUsesWALAndSurvivesReopening() async throws {
    try await self.withTemporaryFolder { folder in
      let path = folder.appending(path: "quakes.sqlite").path(percentEncoded: false)
      let saved = self.quakes(count: 50)
      do {
        let store = try LocalStore(path: path)
        try await store.didFetchRemoteQuakesMutation(inserted: saved, updated: [], deleted: [saved[7]])
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
      }
      let reopened = try LocalStore(path: path)
      let expected = saved.filter { $0.quakeId != "q7" }.sorted { $0.quakeId < $1.quakeId }
      #expect(try await reopened.fetchLocalQuakesQuery() == expected)
    }
  }

  @Test func aBatchOfTenThousandIsWrittenUpdatedAndDeletedInOneCallEach() async throws {
    try await self.withTemporaryFolder { folder in
      let path = folder.appending(path: "batch.sqlite").path(percentEncoded: false)
      let store = try LocalStore(path: path)
      let batch = self.quakes(count: 10_000)
      try await store.didFetchRemoteQuakesMutation(inserted: batch, updated: [], deleted: [])
      #expect(try await store.fetchLocalQuakesQuery().count == 10_000)

      let updated = batch[0..<5_000].map { quake in
        Quake(
          quakeId: quake.quakeId, magnitude: quake.magnitude + 1, time: quake.time,
          updated: quake.updated.addingTimeInterval(60), name: quake.name,
          longitude: quake.longitude, latitude: quake.latitude
        )
      }
      let deleted = Array(batch[8_000..<10_000])
      try await store.didFetchRemoteQuakesMutation(inserted: [], updated: updated, deleted: deleted)

      let expected = (updated + batch[5_000..<8_000]).sorted { $0.quakeId < $1.quakeId }
      #expect(try await LocalStore(path: path).fetchLocalQuakesQuery() == expected)
    }
  }

  @Test func openingAPathInAMissingFolderThrows() {
    #expect(throws: (any Error).self) {
      try LocalStore(path: "/nonexistent-\(UUID().uuidString)/quakes.sqlite")
    }
  }
}
