import ImmutableData
import Logging

/// Runs the Animals side effects: for each action a store streams, starts the matching query or
/// mutation on the persistent store when the action has just moved its status to waiting — the
/// stream's old state against the store's state — and awaits it before reading the next action.
@MainActor final public class Listener<PersistentStore: PersistentSessionPersistentStore> {
  private let session: PersistentSession<PersistentStore>
  private let logger: Logger
  private weak var store: AnyObject?
  private var task: Task<Void, Never>?

  /// Creates a listener that sends its queries and mutations to `store`, logging to the module's logger.
  public convenience init(store: PersistentStore) {
    self.init(store: store, logger: AnimalsData.logger)
  }

  /// Creates a listener that sends its queries and mutations to `store` and logs each one, and
  /// its outcome, to `logger`.
  public init(store: PersistentStore, logger: Logger) {
    self.session = PersistentSession(store: store, logger: logger)
    self.logger = logger
  }

  deinit {
    self.task?.cancel()
  }
}

extension Listener {
  /// Starts listening to `store` (and stops listening to the previous one); listening to the
  /// same store again does nothing.
  public func listen(
    to store: some Dispatcher<AnimalsState, AnimalsAction>
      & Selector<AnimalsState>
      & Streamer<AnimalsState, AnimalsAction>
      & AnyObject
  ) {
    guard self.store !== store else { return }
    self.store = store
    self.task?.cancel()
    let stream = store.makeStream()
    let logger = self.logger
    self.task = Task { [weak self, weak store] in
      var elements = stream.makeAsyncIterator()
      do {
        while let (oldState, action) = try await elements.next(isolation: #isolation) {
          guard let self, let store else { return }
          // The store's state as this action left it. While the listener awaited an earlier side
          // effect, later actions may have moved the store on; a `StoreStream` reports the state
          // its reducer returned for this action, so the comparison stays exact without running
          // the reducer again. Any other stream (a test's double) leaves `store.state`.
          let newState = elements.state(afterLastElementOr: store.state)
          await self.onReceive(from: store, oldState: oldState, newState: newState, action: action)
        }
      } catch {
        logger.error("Listener: the store's stream failed: \(String(describing: error))")
      }
    }
  }
}

extension Listener {
  private func onReceive(
    from store: some Dispatcher<AnimalsState, AnimalsAction> & Selector<AnimalsState>,
    oldState: AnimalsState,
    newState: AnimalsState,
    action: AnimalsAction
  ) async {
    switch action {
    case .ui(.categoryList(.onAppear)):
      if Self.didStartWaiting(oldState.categories.status, newState.categories.status) {
        await self.run(self.session.fetchCategoriesQuery(), on: store)
      }
    case .ui(.categoryList(.onTapReloadSampleDataButton)):
      // The reload replaces both lists: it starts only when both just started waiting.
      if Self.didStartWaiting(oldState.categories.status, newState.categories.status),
        Self.didStartWaiting(oldState.animals.status, newState.animals.status)
      {
        await self.run(self.session.reloadSampleDataMutation(), on: store)
      }
    case .ui(.animalList(.onAppear)):
      if Self.didStartWaiting(oldState.animals.status, newState.animals.status) {
        await self.run(self.session.fetchAnimalsQuery(), on: store)
      }
    case .ui(.animalList(.onTapDeleteSelectedAnimalButton(let animalId))),
      .ui(.animalDetail(.onTapDeleteSelectedAnimalButton(let animalId))):
      if Self.didStartWaiting(oldState.animals.queue[animalId], newState.animals.queue[animalId]) {
        await self.run(self.session.deleteAnimalMutation(animalId: animalId), on: store)
      }
    case .ui(.animalEditor(.onTapAddAnimalButton(let id, let name, let diet, let categoryId))):
      if Self.didStartWaiting(oldState.animals.queue[id], newState.animals.queue[id]) {
        await self.run(
          self.session.addAnimalMutation(id: id, name: name, diet: diet, categoryId: categoryId),
          on: store
        )
      }
    case .ui(.animalEditor(.onTapUpdateAnimalButton(let animalId, let name, let diet, let categoryId))):
      if Self.didStartWaiting(oldState.animals.queue[animalId], newState.animals.queue[animalId]) {
        await self.run(
          self.session.updateAnimalMutation(animalId: animalId, name: name, diet: diet, categoryId: categoryId),
          on: store
        )
      }
    case .data:
      break
    }
  }

  /// Dispatches `thunk` to `store` and awaits it; what it throws (the persistent store's error,
  /// once its failure action is dispatched, or a reducer's refusal of the outcome) is logged.
  private func run<Store: Dispatcher<AnimalsState, AnimalsAction>>(
    _ thunk: @escaping @Sendable (Store.Dispatcher, Store.Selector) async throws -> Void,
    on store: Store
  ) async {
    do {
      try await store.dispatch(thunk: thunk)
    } catch {
      self.logger.error("Listener: \(String(describing: error))")
    }
  }

  /// Whether a status just moved from anything but waiting to waiting.
  private static func didStartWaiting(_ oldStatus: Status?, _ newStatus: Status?) -> Bool {
    oldStatus != .waiting && newStatus == .waiting
  }
}
