import AnimalsData
import ImmutableData
import TestSupport
import Testing

private typealias AnimalsStore = Store<AnimalsState, AnimalsAction>
private typealias Events = StoreStream<AnimalsState, AnimalsAction>.Iterator
private typealias PersistentSession = AnimalsAction.Data.PersistentSession

/// Reads the test's own stream of the store until `count` persistent-session actions (the ones
/// the listener dispatches) have arrived, and returns them.
@MainActor private func nextOutcomes(_ count: Int, from events: inout Events) async -> [PersistentSession] {
  await waitForActions(count, from: &events) { action in
    if case .data(.persistentSession(let outcome)) = action { outcome } else { nil }
  }
}

@MainActor @Suite("Listener", .timeLimit(.minutes(10))) struct ListenerTests {
  private let persistentStore: TestPersistentStore
  private let store: AnimalsStore
  private let listener: Listener<TestPersistentStore>

  init() {
    self.init(state: AnimalsState(), fails: false)
  }

  private init(state: AnimalsState, fails: Bool) {
    self.persistentStore = TestPersistentStore(fails: fails)
    self.store = AnimalsStore(initialState: state, reducer: AnimalsReducer.reduce)
    self.listener = Listener(store: self.persistentStore)
    self.listener.listen(to: self.store)
  }

  @Test func categoriesOnAppearFetchesOnceWhileWaiting() async throws {
    var events = store.makeStream().makeAsyncIterator()
    try store.dispatch(action: .ui(.categoryList(.onAppear)))
    try store.dispatch(action: .ui(.categoryList(.onAppear)))
    try store.dispatch(action: .ui(.animalList(.onAppear)))
    let outcomes = await nextOutcomes(2, from: &events)
    #expect(
      outcomes == [
        .didFetchCategories(result: .success(categories: Category.samples)),
        .didFetchAnimals(result: .success(animals: Animal.samples)),
      ])
    #expect(await persistentStore.calls == ["fetchCategories", "fetchAnimals"])
    #expect(store.state == .samples())
  }

  @Test func onAppearAfterASuccessFetchesNothing() async throws {
    var state = AnimalsState.samples()
    state.animals.status = nil
    let test = ListenerTests(state: state, fails: false)
    var events = test.store.makeStream().makeAsyncIterator()
    try test.store.dispatch(action: .ui(.categoryList(.onAppear)))
    try test.store.dispatch(action: .ui(.animalList(.onAppear)))
    try test.store.dispatch(action: .ui(.animalList(.onAppear)))
    _ = await nextOutcomes(1, from: &events)
    #expect(await test.persistentStore.calls == ["fetchAnimals"])
  }

  @Test func reloadRunsOnceWhileWaiting() async throws {
    let test = ListenerTests(state: .samples(), fails: false)
    var events = test.store.makeStream().makeAsyncIterator()
    try test.store.dispatch(action: .ui(.categoryList(.onTapReloadSampleDataButton)))
    try test.store.dispatch(action: .ui(.categoryList(.onTapReloadSampleDataButton)))
    try test.store.dispatch(action: .ui(.animalList(.onTapDeleteSelectedAnimalButton(animalId: "Dog"))))
    let outcomes = await nextOutcomes(2, from: &events)
    #expect(
      outcomes == [
        .didReloadSampleData(result: .success(animals: Animal.samples, categories: Category.samples)),
        .didDeleteAnimal(animalId: "Dog", result: .success(animal: .dog)),
      ])
    #expect(await test.persistentStore.calls == ["reloadSampleData", "deleteAnimal(Dog)"])
  }

  @Test func reloadStartsOnlyWhenBothStatusesStartWaiting() async throws {
    // A reducer that moves only the categories to waiting on reload: no reload may start then.
    // The listener reads the state the store's own reducer returned, not what AnimalsReducer would.
    let reducer = overriding(AnimalsReducer.reduce) { $0 == .ui(.categoryList(.onTapReloadSampleDataButton)) } with: {
      $0.categories.status = .waiting
    }
    let store = AnimalsStore(initialState: .samples(), reducer: reducer)
    let persistentStore = TestPersistentStore()
    let listener = Listener(store: persistentStore)
    listener.listen(to: store)
    var events = store.makeStream().makeAsyncIterator()
    try store.dispatch(action: .ui(.categoryList(.onTapReloadSampleDataButton)))
    // Side effects run in order: once the delete's outcome is in, a reload would have run before it.
    try store.dispatch(action: .ui(.animalList(.onTapDeleteSelectedAnimalButton(animalId: "Dog"))))
    _ = await nextOutcomes(1, from: &events)
    #expect(await persistentStore.calls == ["deleteAnimal(Dog)"])
    withExtendedLifetime(listener) {}
  }

  @Test func deletesFromTheListAndTheDetailRunOncePerAnimal() async throws {
    let test = ListenerTests(state: .samples(), fails: false)
    var events = test.store.makeStream().makeAsyncIterator()
    try test.store.dispatch(action: .ui(.animalList(.onTapDeleteSelectedAnimalButton(animalId: "Cat"))))
    try test.store.dispatch(action: .ui(.animalDetail(.onTapDeleteSelectedAnimalButton(animalId: "Cat"))))
    try test.store.dispatch(action: .ui(.animalDetail(.onTapDeleteSelectedAnimalButton(animalId: "Dog"))))
    _ = await nextOutcomes(2, from: &events)
    #expect(await test.persistentStore.calls == ["deleteAnimal(Cat)", "deleteAnimal(Dog)"])
    #expect(test.store.state.animals.data.count == 4)
    #expect(test.store.state.animals.queue == ["Cat": .success, "Dog": .success])
  }

  @Test func addStoresTheAnimalUnderTheIDTheStoreAssigned() async throws {
    let test = ListenerTests(state: .samples(), fails: false)
    var events = test.store.makeStream().makeAsyncIterator()
    try test.store.dispatch(
      action: .ui(.animalEditor(.onTapAddAnimalButton(id: "Temp", name: "Eagle", diet: .carnivorous, categoryId: "Bird"))))
    let stored = Animal(animalId: "Stored-Eagle", name: "Eagle", diet: .carnivorous, categoryId: "Bird")
    #expect(await nextOutcomes(1, from: &events) == [.didAddAnimal(id: "Temp", result: .success(animal: stored))])
    #expect(await test.persistentStore.calls == ["addAnimal(Eagle, carnivorous, Bird)"])
    #expect(test.store.state.animals.data["Stored-Eagle"] == stored)
    #expect(test.store.state.animals.queue == ["Temp": .success])
  }

  @Test func updateReplacesTheAnimal() async throws {
    let test = ListenerTests(state: .samples(), fails: false)
    var events = test.store.makeStream().makeAsyncIterator()
    try test.store.dispatch(
      action: .ui(.animalEditor(.onTapUpdateAnimalButton(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Mammal"))))
    let kitty = Animal(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Mammal")
    #expect(await nextOutcomes(1, from: &events) == [.didUpdateAnimal(animalId: "Cat", result: .success(animal: kitty))])
    #expect(await test.persistentStore.calls == ["updateAnimal(Cat, Kitty, omnivorous, Mammal)"])
    #expect(test.store.state.animals.data["Cat"] == kitty)
  }

  @Test func failuresDispatchFailureActionsWithTheErrorsDescription() async throws {
    var state = AnimalsState.samples()
    state.categories.status = nil
    state.animals.status = nil
    let test = ListenerTests(state: state, fails: true)
    var events = test.store.makeStream().makeAsyncIterator()
    try test.store.dispatch(action: .ui(.categoryList(.onAppear)))
    try test.store.dispatch(action: .ui(.animalList(.onAppear)))
    try test.store.dispatch(action: .ui(.animalList(.onTapDeleteSelectedAnimalButton(animalId: "Cat"))))
    try test.store.dispatch(
      action: .ui(.animalEditor(.onTapAddAnimalButton(id: "Temp", name: "Eagle", diet: .carnivorous, categoryId: "Bird"))))
    try test.store.dispatch(
      action: .ui(.animalEditor(.onTapUpdateAnimalButton(animalId: "Dog", name: "Puppy", diet: .omnivorous, categoryId: "Mammal"))))
    let error = "TestError(boom)"
    #expect(
      await nextOutcomes(5, from: &events) == [
        .didFetchCategories(result: .failure(error: error)),
        .didFetchAnimals(result: .failure(error: error)),
        .didDeleteAnimal(animalId: "Cat", result: .failure(error: error)),
        .didAddAnimal(id: "Temp", result: .failure(error: error)),
        .didUpdateAnimal(animalId: "Dog", result: .failure(error: error)),
      ])
    try test.store.dispatch(action: .ui(.categoryList(.onTapReloadSampleDataButton)))
    #expect(await nextOutcomes(1, from: &events) == [.didReloadSampleData(result: .failure(error: error))])
    #expect(test.store.state.categories.status == .failure(error: error))
    #expect(test.store.state.animals.status == .failure(error: error))
    #expect(test.store.state.animals.queue == ["Cat": .failure(error: error), "Temp": .failure(error: error), "Dog": .failure(error: error)])
    #expect(test.store.state.animals.data == AnimalsState.samples().animals.data)
  }

  @Test func listeningToTheSameStoreTwiceRunsEachSideEffectOnce() async throws {
    listener.listen(to: store)
    var events = store.makeStream().makeAsyncIterator()
    try store.dispatch(action: .ui(.categoryList(.onAppear)))
    try store.dispatch(action: .ui(.animalList(.onAppear)))
    _ = await nextOutcomes(2, from: &events)
    #expect(await persistentStore.calls == ["fetchCategories", "fetchAnimals"])
  }

  @Test func dataActionsStartNothing() async throws {
    var events = store.makeStream().makeAsyncIterator()
    try store.dispatch(action: .data(.persistentSession(.didFetchCategories(result: .success(categories: [.bird])))))
    try store.dispatch(action: .data(.persistentSession(.didFetchAnimals(result: .failure(error: "boom")))))
    try store.dispatch(action: .ui(.categoryList(.onTapReloadSampleDataButton)))
    _ = await nextOutcomes(3, from: &events)
    #expect(await persistentStore.calls == ["reloadSampleData"])
  }
}
