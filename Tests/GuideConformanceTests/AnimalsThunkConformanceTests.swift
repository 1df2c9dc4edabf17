import AnimalsData
import HashTreeCollections
import ImmutableData
import Testing

/// A persistent store whose every query and mutation throws the same error.
final class FailingAnimalsStore: PersistentSessionPersistentStore, @unchecked Sendable {
  let error = MarkerError()

  func fetchAnimalsQuery() async throws -> [Animal] { throw self.error }
  func addAnimalMutation(name: String, diet: Animal.Diet, categoryId: String) async throws -> Animal { throw self.error }
  func updateAnimalMutation(animalId: String, name: String, diet: Animal.Diet, categoryId: String) async throws -> Animal {
    throw self.error
  }
  func deleteAnimalMutation(animalId: String) async throws -> Animal { throw self.error }
  func fetchCategoriesQuery() async throws -> [Category] { throw self.error }
  func reloadSampleDataMutation() async throws -> (animals: [Animal], categories: [Category]) { throw self.error }
}

/// Animals' thunks as the guide has them: a failed query or mutation dispatches its failure
/// action, then throws the store's error to whoever dispatched the thunk; the listener logs it.
@MainActor @Suite(.timeLimit(.minutes(10))) struct AnimalsThunkConformanceTests {
  private let persistentStore = FailingAnimalsStore()

  private func makeStore() -> Store<AnimalsState, AnimalsAction> {
    let animals = TreeDictionary(uniqueKeysWithValues: Animal.samples.map { ($0.id, $0) })
    return Store(initialState: AnimalsState(categories: .init(), animals: .init(data: animals)), reducer: AnimalsReducer.reduce)
  }

  private func expectRethrown(
    _ thunk: @escaping @Sendable (Store<AnimalsState, AnimalsAction>, Store<AnimalsState, AnimalsAction>) async throws -> Void,
    on store: Store<AnimalsState, AnimalsAction>
  ) async {
    do {
      try await store.dispatch(thunk: thunk)
      Issue.record("expected the store's error")
    } catch {
      #expect((error as? MarkerError) === self.persistentStore.error)
    }
  }

  @Test func everyThunkDispatchesItsFailureThenThrowsTheStoresError() async {
    let store = makeStore()
    let session = PersistentSession(store: self.persistentStore)
    let failure = Status.failure(error: String(describing: self.persistentStore.error))
    await expectRethrown(session.fetchCategoriesQuery(), on: store)
    #expect(store.state.categories.status == failure)
    await expectRethrown(session.fetchAnimalsQuery(), on: store)
    #expect(store.state.animals.status == failure)
    await expectRethrown(session.addAnimalMutation(id: "A1", name: "Eagle", diet: .carnivorous, categoryId: "Bird"), on: store)
    #expect(store.state.animals.queue["A1"] == failure)
    await expectRethrown(session.updateAnimalMutation(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Mammal"), on: store)
    #expect(store.state.animals.queue["Cat"] == failure)
    await expectRethrown(session.deleteAnimalMutation(animalId: "Dog"), on: store)
    #expect(store.state.animals.queue["Dog"] == failure)
    await expectRethrown(session.reloadSampleDataMutation(), on: store)
    #expect(store.state.categories.status == failure && store.state.animals.status == failure)
  }

  @Test func theListenerLogsTheErrorItsThunkThrew() async {
    let log = LogStream()
    let store = makeStore()
    let listener = Listener(store: self.persistentStore, logger: log.logger)
    listener.listen(to: store)
    try? store.dispatch(action: .ui(.categoryList(.onAppear)))
    let line = await log.first(startingWith: "Listener:")
    #expect(line == "Listener: \(String(describing: self.persistentStore.error))")
    #expect(store.state.categories.status == .failure(error: String(describing: self.persistentStore.error)))
  }
}
