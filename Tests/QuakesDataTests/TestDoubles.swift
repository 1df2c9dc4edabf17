import Foundation
@testable import QuakesData

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A local store that records every call in order and answers fetches with what the test set.
actor LocalStoreDouble: PersistentSessionLocalStore {
  /// One call, with order-free sets for the mutation's arguments.
  enum Call: Hashable, Sendable {
    case fetchLocalQuakes
    case didFetchRemoteQuakes(inserted: Set<Quake>, updated: Set<Quake>, deleted: Set<Quake>)
    case deleteLocalQuake(quakeId: Quake.ID)
    case deleteLocalQuakes
  }

  /// Every call, as it happens.
  nonisolated let calls: AsyncStream<Call>
  private let continuation: AsyncStream<Call>.Continuation
  private let fetchResult: Result<[Quake], FeedError>
  /// False once a mutation named the same quake id twice.
  private(set) var duplicateFree = true

  init(fetchResult: Result<[Quake], FeedError> = .success([])) {
    (self.calls, self.continuation) = AsyncStream.makeStream(of: Call.self)
    self.fetchResult = fetchResult
  }

  func fetchLocalQuakesQuery() async throws -> [Quake] {
    self.continuation.yield(.fetchLocalQuakes)
    return try self.fetchResult.get()
  }

  func didFetchRemoteQuakesMutation(inserted: [Quake], updated: [Quake], deleted: [Quake]) async throws {
    self.duplicateFree = self.duplicateFree && Self.isDuplicateFree(inserted + updated + deleted)
    self.continuation.yield(.didFetchRemoteQuakes(inserted: Set(inserted), updated: Set(updated), deleted: Set(deleted)))
  }

  func deleteLocalQuakeMutation(quakeId: Quake.ID) async throws {
    self.continuation.yield(.deleteLocalQuake(quakeId: quakeId))
  }

  func deleteLocalQuakesMutation() async throws {
    self.continuation.yield(.deleteLocalQuakes)
  }

  private static func isDuplicateFree(_ quakes: [Quake]) -> Bool {
    Set(quakes.map(\.id)).count == quakes.count
  }
}


/// A remote store that answers each range with the quakes (or the error) the test set.
struct RemoteStoreDouble: PersistentSessionRemoteStore {
  let results: [QuakesAction.UI.QuakeList.RefreshQuakesRange: Result<[Quake], FeedError>]

  func fetchRemoteQuakesQuery(range: QuakesAction.UI.QuakeList.RefreshQuakesRange) async throws -> [Quake] {
    try (self.results[range] ?? .failure(.feedNotFound)).get()
  }
}

/// A network session that returns a canned body for every request, decoded by the caller's decoder.
struct CannedNetworkSession: RemoteStoreNetworkSession {
  let body: Data

  func json<T>(for request: URLRequest, from decoder: JSONDecoder) async throws -> T where T: Decodable {
    try decoder.decode(T.self, from: self.body)
  }
}

/// Reads every request's answer from one file, through the real session, whatever the URL asked for.
struct OneFileSession: RemoteStoreNetworkSession {
  let file: URL
  let session = QuakesNetworkSession()

  func json<T>(for request: URLRequest, from decoder: JSONDecoder) async throws -> T where T: Decodable {
    try await self.session.json(for: URLRequest(url: self.file), from: decoder)
  }
}

/// A local store that forwards to a real one and reports each finished call by name.
struct ReportingLocalStore<Base: PersistentSessionLocalStore>: PersistentSessionLocalStore {
  let base: Base
  let finished: AsyncStream<String>.Continuation

  func fetchLocalQuakesQuery() async throws -> [Quake] {
    defer { self.finished.yield("fetchLocalQuakesQuery") }
    return try await self.base.fetchLocalQuakesQuery()
  }

  func didFetchRemoteQuakesMutation(inserted: [Quake], updated: [Quake], deleted: [Quake]) async throws {
    defer { self.finished.yield("didFetchRemoteQuakesMutation(\(inserted.count), \(updated.count), \(deleted.count))") }
    try await self.base.didFetchRemoteQuakesMutation(inserted: inserted, updated: updated, deleted: deleted)
  }

  func deleteLocalQuakeMutation(quakeId: Quake.ID) async throws {
    defer { self.finished.yield("deleteLocalQuakeMutation(\(quakeId))") }
    try await self.base.deleteLocalQuakeMutation(quakeId: quakeId)
  }

  func deleteLocalQuakesMutation() async throws {
    defer { self.finished.yield("deleteLocalQuakesMutation") }
    try await self.base.deleteLocalQuakesMutation()
  }
}
