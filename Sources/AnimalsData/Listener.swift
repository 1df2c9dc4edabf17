import ImmutableData
import Logging

/// Runs the Animals side effects: for each action a store streams, starts the matching query or
/// mutation on the persistent store when the reducer has just moved its status to waiting, and
/// awaits it before reading the next action.
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
      do {
        for try await (oldState, action) in stream {
          guard let self, let store else { return }
          await self.onReceive(from: store, oldState: oldState, action: action)
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
    action: AnimalsAction
  ) async {
    // The state this action led to, not the store's state now: a listener still at work on an
    // earlier effect reads this action later, after other actions moved the state on, and
    // comparing against those would start (or skip) the wrong side effect. `explore --effects`
    // found it: a reload typed while an update was held stayed waiting forever. The stream's
    // element is the state before the action, and the reducer is pure, so this is exact.
    let newState = (try? AnimalsReducer.reduce(state: oldState, action: action)) ?? oldState
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
