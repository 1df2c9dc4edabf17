import ImmutableData
import Logging
import Services

/// Turns the queries and mutations of a local and a remote store into thunks that dispatch their
/// outcome, logging each request and its result. A failed fetch's error is thrown again once its
/// failure action is dispatched; a failed mutation's error is thrown as it is.
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
      let quakes: [Quake]
      do {
        quakes = try await self.logger.logged("fetchLocalQuakesQuery()", { try await self.localStore.fetchLocalQuakesQuery() }, outcome: Self.count)
      } catch {
        let failure = QuakesAction.Data.PersistentSession.LocalStore.didFetchQuakes(result: .failure(error: String(describing: error)))
        try await dispatcher.dispatch(action: .data(.persistentSession(.localStore(failure))))
        throw error
      }
      try await dispatcher.dispatch(action: .data(.persistentSession(.localStore(.didFetchQuakes(result: .success(quakes: quakes))))))
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
      let quakes: [Quake]
      do {
        quakes = try await self.logger.logged(request, { try await self.remoteStore.fetchRemoteQuakesQuery(range: range) }, outcome: Self.count)
      } catch {
        let failure = QuakesAction.Data.PersistentSession.RemoteStore.didFetchQuakes(result: .failure(error: String(describing: error)))
        try await dispatcher.dispatch(action: .data(.persistentSession(.remoteStore(failure))))
        throw error
      }
      try await dispatcher.dispatch(action: .data(.persistentSession(.remoteStore(.didFetchQuakes(result: .success(quakes: quakes))))))
    }
  }

  /// A thunk that saves the changes of a remote fetch locally; no action reports it, so a failure is thrown.
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
      try await self.logger.logged(request) {
        try await self.localStore.didFetchRemoteQuakesMutation(inserted: inserted, updated: updated, deleted: deleted)
      }
    }
  }

  /// A thunk that deletes one quake locally; no action reports it, so a failure is thrown.
  package func deleteLocalQuakeMutation<Dispatcher, Selector>(
    quakeId: Quake.ID
  ) -> @Sendable (Dispatcher, Selector) async throws -> Void
  where
    Dispatcher: ImmutableData.Dispatcher<QuakesState, QuakesAction>,
    Selector: ImmutableData.Selector<QuakesState>
  {
    { _, _ in
      try await self.logger.logged("deleteLocalQuakeMutation(quakeId: \(String(reflecting: quakeId)))") {
        try await self.localStore.deleteLocalQuakeMutation(quakeId: quakeId)
      }
    }
  }

  /// A thunk that deletes every quake locally; no action reports it, so a failure is thrown.
  package func deleteLocalQuakesMutation<Dispatcher, Selector>()
    -> @Sendable (Dispatcher, Selector) async throws -> Void
  where
    Dispatcher: ImmutableData.Dispatcher<QuakesState, QuakesAction>,
    Selector: ImmutableData.Selector<QuakesState>
  {
    { _, _ in
      try await self.logger.logged("deleteLocalQuakesMutation()") {
        try await self.localStore.deleteLocalQuakesMutation()
      }
    }
  }
}

extension PersistentSession {
  private static func count(_ quakes: [Quake]) -> String {
    quakes.count == 1 ? "1 quake" : "\(quakes.count) quakes"
  }
}
