import ImmutableData
import Logging
import Services

/// Turns the queries and mutations of a local and a remote store into thunks that dispatch their
/// outcome, logging each request and its result.
package final class PersistentSession<LocalStore, RemoteStore>: Sendable
where LocalStore: PersistentSessionLocalStore, RemoteStore: PersistentSessionRemoteStore {
  private let localStore: LocalStore
  private let remoteStore: RemoteStore
  private let logger: Logger

  /// Creates a session over `localStore` and `remoteStore` that logs to `logger`.
  package init(localStore: LocalStore, remoteStore: RemoteStore, logger: Logger) {
    self.localStore = localStore
    self.remoteStore = remoteStore
    self.logger = logger
  }
}

extension PersistentSession {
  /// A thunk that reads the local quakes and dispatches `localStore(.didFetchQuakes(result:))`.
  package func fetchLocalQuakesQuery<Dispatcher, Selector>()
    -> @Sendable (Dispatcher, Selector) async throws -> Void
  where
    Dispatcher: ImmutableData.Dispatcher<QuakesState, QuakesAction>,
    Selector: ImmutableData.Selector<QuakesState>
  {
    { dispatcher, _ in
      let result: QuakesAction.Data.PersistentSession.LocalStore.FetchQuakesResult =
        switch await self.perform("fetchLocalQuakesQuery()", describe: Self.count, { try await self.localStore.fetchLocalQuakesQuery() }) {
        case .success(let quakes): .success(quakes: quakes)
        case .failure(let failure): .failure(error: failure.description)
        }
      try await dispatcher.dispatch(action: .data(.persistentSession(.localStore(.didFetchQuakes(result: result)))))
    }
  }

  /// A thunk that fetches the feed for `range` and dispatches `remoteStore(.didFetchQuakes(result:))`.
  package func fetchRemoteQuakesQuery<Dispatcher, Selector>(
    range: QuakesAction.UI.QuakeList.RefreshQuakesRange
  ) -> @Sendable (Dispatcher, Selector) async throws -> Void
  where
    Dispatcher: ImmutableData.Dispatcher<QuakesState, QuakesAction>,
    Selector: ImmutableData.Selector<QuakesState>
  {
    { dispatcher, _ in
      let request = "fetchRemoteQuakesQuery(range: .\(range))"
      let result: QuakesAction.Data.PersistentSession.RemoteStore.FetchQuakesResult =
        switch await self.perform(request, describe: Self.count, { try await self.remoteStore.fetchRemoteQuakesQuery(range: range) }) {
        case .success(let quakes): .success(quakes: quakes)
        case .failure(let failure): .failure(error: failure.description)
        }
      try await dispatcher.dispatch(action: .data(.persistentSession(.remoteStore(.didFetchQuakes(result: result)))))
    }
  }

  /// A thunk that saves the changes of a remote fetch locally; a failure is logged, as no action reports it.
  package func didFetchRemoteQuakesMutation<Dispatcher, Selector>(
    inserted: [Quake],
    updated: [Quake],
    deleted: [Quake]
  ) -> @Sendable (Dispatcher, Selector) async throws -> Void
  where
    Dispatcher: ImmutableData.Dispatcher<QuakesState, QuakesAction>,
    Selector: ImmutableData.Selector<QuakesState>
  {
    { _, _ in
      let request = "didFetchRemoteQuakesMutation(inserted: \(Self.count(inserted)), updated: \(Self.count(updated)), deleted: \(Self.count(deleted)))"
      _ = await self.perform(request) {
        try await self.localStore.didFetchRemoteQuakesMutation(inserted: inserted, updated: updated, deleted: deleted)
      }
    }
  }

  /// A thunk that deletes one quake locally; a failure is logged, as no action reports it.
  package func deleteLocalQuakeMutation<Dispatcher, Selector>(
    quakeId: Quake.ID
  ) -> @Sendable (Dispatcher, Selector) async throws -> Void
  where
    Dispatcher: ImmutableData.Dispatcher<QuakesState, QuakesAction>,
    Selector: ImmutableData.Selector<QuakesState>
  {
    { _, _ in
      _ = await self.perform("deleteLocalQuakeMutation(quakeId: \(String(reflecting: quakeId)))") {
        try await self.localStore.deleteLocalQuakeMutation(quakeId: quakeId)
      }
    }
  }

  /// A thunk that deletes every quake locally; a failure is logged, as no action reports it.
  package func deleteLocalQuakesMutation<Dispatcher, Selector>()
    -> @Sendable (Dispatcher, Selector) async throws -> Void
  where
    Dispatcher: ImmutableData.Dispatcher<QuakesState, QuakesAction>,
    Selector: ImmutableData.Selector<QuakesState>
  {
    { _, _ in
      _ = await self.perform("deleteLocalQuakesMutation()") {
        try await self.localStore.deleteLocalQuakesMutation()
      }
    }
  }
}

extension PersistentSession {
  /// Why a query or mutation failed, as the failure actions carry it.
  private struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs `operation`, logging `request` before and `request → outcome` (or `request → failure: …`) after.
  private func perform<Value>(
    _ request: String,
    describe: (Value) -> String = { _ in "success" },
    _ operation: () async throws -> Value
  ) async -> Result<Value, Failure> {
    do {
      return .success(try await logger.logged(request, operation, outcome: describe))
    } catch {
      return .failure(Failure(description: String(describing: error)))
    }
  }

  private static func count(_ quakes: [Quake]) -> String {
    quakes.count == 1 ? "1 quake" : "\(quakes.count) quakes"
  }
}
