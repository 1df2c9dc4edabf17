import ImmutableData
import Logging

/// Watches a store's actions and runs the matching local and remote side effects, dispatching their outcome.
///
/// Each side effect is awaited inside the stream loop, so once the listener waits on its stream
/// again, every effect of the actions seen so far is done. Which effect an action starts depends
/// on the stream's old state and the store's state as the action left it.
@MainActor final public class Listener<LocalStore, RemoteStore>
where LocalStore: PersistentSessionLocalStore, RemoteStore: PersistentSessionRemoteStore {
  private let session: PersistentSession<LocalStore, RemoteStore>
  private let logger: Logger
  private weak var store: AnyObject?
  private var task: Task<Void, Never>?

  /// Creates a listener that reads and writes `localStore` and fetches from `remoteStore`,
  /// logging to the module's logger.
  public convenience init(localStore: LocalStore, remoteStore: RemoteStore) {
    self.init(localStore: localStore, remoteStore: remoteStore, logger: QuakesData.logger)
  }

  /// Creates a listener that reads and writes `localStore` and fetches from `remoteStore`, and
  /// logs each request, and its outcome, to `logger`.
  public init(localStore: LocalStore, remoteStore: RemoteStore, logger: Logger) {
    self.session = PersistentSession(localStore: localStore, remoteStore: remoteStore, logger: logger)
    self.logger = logger
  }

  deinit {
    self.task?.cancel()
  }
}

extension Listener {
  /// Starts listening to `store`, replacing any store listened to before.
  public func listen(
    to store: some ImmutableData.Dispatcher<QuakesState, QuakesAction>
      & ImmutableData.Selector<QuakesState>
      & ImmutableData.Streamer<QuakesState, QuakesAction>
      & AnyObject
  ) {
    guard self.store !== store else {
      return
    }
    self.store = store
    let stream = store.makeStream()
    self.task?.cancel()
    let logger = self.logger
    self.task = Task { [weak self, weak store] in
      var elements = stream.makeAsyncIterator()
      do {
        while let (oldState, action) = try await elements.next(isolation: #isolation) {
          guard let self, let store else {
            return
          }
          // The store's state as this action left it: a `StoreStream` reports it, exact even when
          // later actions moved the store on while an earlier side effect was awaited; any other
          // stream (a test's double) leaves `store.state`.
          let newState = elements.state(afterLastElementOr: store.state)
          await self.onReceive(from: store, oldState: oldState, newState: newState, action: action)
        }
      } catch {
        logger.debug("Listener stream ended: \(error)")
      }
    }
  }
}

extension Listener {
  private func onReceive(
    from store: some ImmutableData.Dispatcher<QuakesState, QuakesAction> & ImmutableData.Selector<QuakesState>,
    oldState: QuakesState,
    newState: QuakesState,
    action: QuakesAction
  ) async {
    switch action {
    case .ui(.quakeList(let action)):
      await self.onReceive(from: store, oldState: oldState, newState: newState, action: action)
    case .data(.persistentSession(.remoteStore(.didFetchQuakes(.success(let quakes))))):
      let changes = Self.changes(of: quakes, from: oldState, to: newState)
      await self.run(
        self.session.didFetchRemoteQuakesMutation(
          inserted: changes.inserted,
          updated: changes.updated,
          deleted: changes.deleted
        ),
        on: store
      )
    case .data:
      break
    }
  }

  private func onReceive(
    from store: some ImmutableData.Dispatcher<QuakesState, QuakesAction> & ImmutableData.Selector<QuakesState>,
    oldState: QuakesState,
    newState: QuakesState,
    action: QuakesAction.UI.QuakeList
  ) async {
    let newStatus = newState.quakes.status
    switch action {
    case .onAppear:
      // Only the first appear loads the local quakes: the status was never set before.
      if oldState.quakes.status == nil, newStatus == .waiting {
        await self.run(self.session.fetchLocalQuakesQuery(), on: store)
      }
    case .onTapRefreshQuakesButton(let range):
      if oldState.quakes.status != .waiting, newStatus == .waiting {
        await self.run(self.session.fetchRemoteQuakesQuery(range: range), on: store)
      }
    case .onTapDeleteSelectedQuakeButton(let quakeId):
      await self.run(self.session.deleteLocalQuakeMutation(quakeId: quakeId), on: store)
    case .onTapDeleteAllQuakesButton:
      await self.run(self.session.deleteLocalQuakesMutation(), on: store)
    }
  }

  /// Dispatches `thunk` to `store` and awaits it; what it throws (the local or remote store's
  /// error, after any failure action, or a reducer's refusal of the outcome) is logged.
  private func run<Store>(
    _ thunk: @Sendable (Store.Dispatcher, Store.Selector) async throws -> Void,
    on store: Store
  ) async where Store: ImmutableData.Dispatcher<QuakesState, QuakesAction> {
    do {
      try await store.dispatch(thunk: thunk)
    } catch {
      self.logger.error("Listener: \(String(describing: error))")
    }
  }
}

extension Listener {
  /// What a remote fetch of `quakes` changed between `oldState` and `newState`: the quakes the
  /// new state gained, the ones whose value changed, and the ones it lost (old values).
  package static func changes(
    of quakes: [Quake],
    from oldState: QuakesState,
    to newState: QuakesState
  ) -> (inserted: [Quake], updated: [Quake], deleted: [Quake]) {
    var inserted: [Quake] = []
    var updated: [Quake] = []
    var deleted: [Quake] = []
    var seen = Set<Quake.ID>()
    for quake in quakes where seen.insert(quake.id).inserted {
      switch (oldState.quakes.data[quake.id], newState.quakes.data[quake.id]) {
      case (nil, let new?):
        inserted.append(new)
      case (let old?, let new?) where old != new:
        updated.append(new)
      case (let old?, nil):
        deleted.append(old)
      default:
        break
      }
    }
    return (inserted: inserted, updated: updated, deleted: deleted)
  }
}
