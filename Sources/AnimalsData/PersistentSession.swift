import ImmutableData
import Logging
import Services

/// Turns each query and mutation of a persistent store into a thunk that runs it, logs it,
/// and dispatches its outcome as a `did…` action (success, or failure with the error's
/// description, after which the thunk throws the store's error).
package struct PersistentSession<PersistentStore: PersistentSessionPersistentStore>: Sendable {
  private let store: PersistentStore
  private let logger: Logger

  /// Creates a session over `store` that logs to the module's logger.
  package init(store: PersistentStore) {
    self.init(store: store, logger: AnimalsData.logger)
  }

  /// Creates a session over `store` that logs to `logger`.
  package init(store: PersistentStore, logger: Logger) {
    self.store = store
    self.logger = logger
  }
}

extension PersistentSession {
  /// A thunk that fetches the categories and dispatches `didFetchCategories`.
  package func fetchCategoriesQuery<Dispatcher, Selector>() -> @Sendable (Dispatcher, Selector) async throws -> Void
  where
    Dispatcher: ImmutableData.Dispatcher<AnimalsState, AnimalsAction>,
    Selector: ImmutableData.Selector<AnimalsState>
  {
    thunk("fetchCategoriesQuery()", outcome: { "\($0.count) categories" }, run: { try await $0.fetchCategoriesQuery() }) {
      switch $0 {
      case .success(let categories): .didFetchCategories(result: .success(categories: categories))
      case .failure(let error): .didFetchCategories(result: .failure(error: error))
      }
    }
  }

  /// A thunk that fetches the animals and dispatches `didFetchAnimals`.
  package func fetchAnimalsQuery<Dispatcher, Selector>() -> @Sendable (Dispatcher, Selector) async throws -> Void
  where
    Dispatcher: ImmutableData.Dispatcher<AnimalsState, AnimalsAction>,
    Selector: ImmutableData.Selector<AnimalsState>
  {
    thunk("fetchAnimalsQuery()", outcome: { "\($0.count) animals" }, run: { try await $0.fetchAnimalsQuery() }) {
      switch $0 {
      case .success(let animals): .didFetchAnimals(result: .success(animals: animals))
      case .failure(let error): .didFetchAnimals(result: .failure(error: error))
      }
    }
  }

  /// A thunk that restores the sample data and dispatches `didReloadSampleData`.
  package func reloadSampleDataMutation<Dispatcher, Selector>() -> @Sendable (Dispatcher, Selector) async throws -> Void
  where
    Dispatcher: ImmutableData.Dispatcher<AnimalsState, AnimalsAction>,
    Selector: ImmutableData.Selector<AnimalsState>
  {
    thunk(
      "reloadSampleDataMutation()",
      outcome: { "\($0.animals.count) animals, \($0.categories.count) categories" },
      run: { try await $0.reloadSampleDataMutation() }
    ) {
      switch $0 {
      case .success(let sampleData):
        .didReloadSampleData(result: .success(animals: sampleData.animals, categories: sampleData.categories))
      case .failure(let error):
        .didReloadSampleData(result: .failure(error: error))
      }
    }
  }

  /// A thunk that adds an animal and dispatches `didAddAnimal` for the editor's temporary `id`.
  package func addAnimalMutation<Dispatcher, Selector>(
    id: Animal.ID,
    name: String,
    diet: Animal.Diet,
    categoryId: Category.ID
  ) -> @Sendable (Dispatcher, Selector) async throws -> Void
  where
    Dispatcher: ImmutableData.Dispatcher<AnimalsState, AnimalsAction>,
    Selector: ImmutableData.Selector<AnimalsState>
  {
    let call = "addAnimalMutation(name: \(String(reflecting: name)), diet: .\(diet), categoryId: \(String(reflecting: categoryId)))"
    return thunk(call, run: { try await $0.addAnimalMutation(name: name, diet: diet, categoryId: categoryId) }) {
      switch $0 {
      case .success(let animal): .didAddAnimal(id: id, result: .success(animal: animal))
      case .failure(let error): .didAddAnimal(id: id, result: .failure(error: error))
      }
    }
  }

  /// A thunk that updates an animal and dispatches `didUpdateAnimal`.
  package func updateAnimalMutation<Dispatcher, Selector>(
    animalId: Animal.ID,
    name: String,
    diet: Animal.Diet,
    categoryId: Category.ID
  ) -> @Sendable (Dispatcher, Selector) async throws -> Void
  where
    Dispatcher: ImmutableData.Dispatcher<AnimalsState, AnimalsAction>,
    Selector: ImmutableData.Selector<AnimalsState>
  {
    let call =
      "updateAnimalMutation(animalId: \(String(reflecting: animalId)), name: \(String(reflecting: name)), diet: .\(diet), categoryId: \(String(reflecting: categoryId)))"
    return thunk(call, run: { try await $0.updateAnimalMutation(animalId: animalId, name: name, diet: diet, categoryId: categoryId) }) {
      switch $0 {
      case .success(let animal): .didUpdateAnimal(animalId: animalId, result: .success(animal: animal))
      case .failure(let error): .didUpdateAnimal(animalId: animalId, result: .failure(error: error))
      }
    }
  }

  /// A thunk that deletes an animal and dispatches `didDeleteAnimal`.
  package func deleteAnimalMutation<Dispatcher, Selector>(
    animalId: Animal.ID
  ) -> @Sendable (Dispatcher, Selector) async throws -> Void
  where
    Dispatcher: ImmutableData.Dispatcher<AnimalsState, AnimalsAction>,
    Selector: ImmutableData.Selector<AnimalsState>
  {
    thunk("deleteAnimalMutation(animalId: \(String(reflecting: animalId)))", run: { try await $0.deleteAnimalMutation(animalId: animalId) }) {
      switch $0 {
      case .success(let animal): .didDeleteAnimal(animalId: animalId, result: .success(animal: animal))
      case .failure(let error): .didDeleteAnimal(animalId: animalId, result: .failure(error: error))
      }
    }
  }
}

extension PersistentSession {
  /// The outcome of one query or mutation: its value, or the description of its error.
  private enum Outcome<Value> {
    case success(Value)
    case failure(String)
  }

  /// The thunk every query and mutation shares: run `operation` on the store, logging `call`
  /// before and `call → outcome` (or `call → failure: …`) after, then dispatch the action
  /// `makeAction` makes of the outcome. A failed operation's error is thrown again once its
  /// failure action is dispatched, so whoever dispatched the thunk learns of it too.
  private func thunk<Dispatcher, Selector, Value>(
    _ call: String,
    outcome describe: @escaping @Sendable (Value) -> String = { _ in "success" },
    run operation: @escaping @Sendable (PersistentStore) async throws -> Value,
    then makeAction: @escaping @Sendable (Outcome<Value>) -> AnimalsAction.Data.PersistentSession
  ) -> @Sendable (Dispatcher, Selector) async throws -> Void
  where
    Dispatcher: ImmutableData.Dispatcher<AnimalsState, AnimalsAction>,
    Selector: ImmutableData.Selector<AnimalsState>
  {
    { dispatcher, _ in
      let value: Value
      do {
        value = try await self.logger.logged(call, { try await operation(self.store) }, outcome: describe)
      } catch {
        try await dispatcher.dispatch(action: .data(.persistentSession(makeAction(.failure(String(describing: error))))))
        throw error
      }
      try await dispatcher.dispatch(action: .data(.persistentSession(makeAction(.success(value)))))
    }
  }
}
