import ImmutableData
import Logging

/// Turns each query and mutation of a persistent store into a thunk that runs it, logs it,
/// and dispatches its outcome as a `did…` action (success, or failure with the error's description).
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
    { dispatcher, _ in
      let result = await self.perform("fetchCategoriesQuery()", outcome: { "\($0.count) categories" }) {
        try await self.store.fetchCategoriesQuery()
      }
      let action: AnimalsAction.Data.PersistentSession =
        switch result {
        case .success(let categories): .didFetchCategories(result: .success(categories: categories))
        case .failure(let error): .didFetchCategories(result: .failure(error: error))
        }
      try await dispatcher.dispatch(action: .data(.persistentSession(action)))
    }
  }

  /// A thunk that fetches the animals and dispatches `didFetchAnimals`.
  package func fetchAnimalsQuery<Dispatcher, Selector>() -> @Sendable (Dispatcher, Selector) async throws -> Void
  where
    Dispatcher: ImmutableData.Dispatcher<AnimalsState, AnimalsAction>,
    Selector: ImmutableData.Selector<AnimalsState>
  {
    { dispatcher, _ in
      let result = await self.perform("fetchAnimalsQuery()", outcome: { "\($0.count) animals" }) {
        try await self.store.fetchAnimalsQuery()
      }
      let action: AnimalsAction.Data.PersistentSession =
        switch result {
        case .success(let animals): .didFetchAnimals(result: .success(animals: animals))
        case .failure(let error): .didFetchAnimals(result: .failure(error: error))
        }
      try await dispatcher.dispatch(action: .data(.persistentSession(action)))
    }
  }

  /// A thunk that restores the sample data and dispatches `didReloadSampleData`.
  package func reloadSampleDataMutation<Dispatcher, Selector>() -> @Sendable (Dispatcher, Selector) async throws -> Void
  where
    Dispatcher: ImmutableData.Dispatcher<AnimalsState, AnimalsAction>,
    Selector: ImmutableData.Selector<AnimalsState>
  {
    { dispatcher, _ in
      let result = await self.perform(
        "reloadSampleDataMutation()",
        outcome: { "\($0.animals.count) animals, \($0.categories.count) categories" }
      ) {
        try await self.store.reloadSampleDataMutation()
      }
      let action: AnimalsAction.Data.PersistentSession =
        switch result {
        case .success(let sampleData):
          .didReloadSampleData(result: .success(animals: sampleData.animals, categories: sampleData.categories))
        case .failure(let error):
          .didReloadSampleData(result: .failure(error: error))
        }
      try await dispatcher.dispatch(action: .data(.persistentSession(action)))
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
    { dispatcher, _ in
      let call = "addAnimalMutation(name: \(String(reflecting: name)), diet: .\(diet), categoryId: \(String(reflecting: categoryId)))"
      let result = await self.perform(call, outcome: { _ in "success" }) {
        try await self.store.addAnimalMutation(name: name, diet: diet, categoryId: categoryId)
      }
      let action: AnimalsAction.Data.PersistentSession =
        switch result {
        case .success(let animal): .didAddAnimal(id: id, result: .success(animal: animal))
        case .failure(let error): .didAddAnimal(id: id, result: .failure(error: error))
        }
      try await dispatcher.dispatch(action: .data(.persistentSession(action)))
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
    { dispatcher, _ in
      let call =
        "updateAnimalMutation(animalId: \(String(reflecting: animalId)), name: \(String(reflecting: name)), diet: .\(diet), categoryId: \(String(reflecting: categoryId)))"
      let result = await self.perform(call, outcome: { _ in "success" }) {
        try await self.store.updateAnimalMutation(animalId: animalId, name: name, diet: diet, categoryId: categoryId)
      }
      let action: AnimalsAction.Data.PersistentSession =
        switch result {
        case .success(let animal): .didUpdateAnimal(animalId: animalId, result: .success(animal: animal))
        case .failure(let error): .didUpdateAnimal(animalId: animalId, result: .failure(error: error))
        }
      try await dispatcher.dispatch(action: .data(.persistentSession(action)))
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
    { dispatcher, _ in
      let call = "deleteAnimalMutation(animalId: \(String(reflecting: animalId)))"
      let result = await self.perform(call, outcome: { _ in "success" }) {
        try await self.store.deleteAnimalMutation(animalId: animalId)
      }
      let action: AnimalsAction.Data.PersistentSession =
        switch result {
        case .success(let animal): .didDeleteAnimal(animalId: animalId, result: .success(animal: animal))
        case .failure(let error): .didDeleteAnimal(animalId: animalId, result: .failure(error: error))
        }
      try await dispatcher.dispatch(action: .data(.persistentSession(action)))
    }
  }
}

extension PersistentSession {
  /// The outcome of one query or mutation: its value, or the description of its error.
  private enum Outcome<Value> {
    case success(Value)
    case failure(String)
  }

  /// Runs `operation`, logging `call` before and `call → outcome` (or `call → failure: …`) after.
  private func perform<Value>(
    _ call: String,
    outcome describe: (Value) -> String,
    _ operation: () async throws -> Value
  ) async -> Outcome<Value> {
    self.logger.debug("\(call)")
    do {
      let value = try await operation()
      self.logger.debug("\(call) → \(describe(value))")
      return .success(value)
    } catch {
      let description = String(describing: error)
      self.logger.debug("\(call) → failure: \(description)")
      return .failure(description)
    }
  }
}
