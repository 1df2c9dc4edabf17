import AnimalsData
import Foundation
import HashTreeCollections
import ImmutableData
import QuakesData
import Testing

/// The guide's listener contract: a listener decides on a side effect by comparing the stream's
/// `oldState` with the store's state — never with what it works out by running a reducer itself.
/// Each test drives a sample listener with a store whose state differs from
/// `reduce(oldState, action)`, as the guide's own listener tests do, for every action a listener
/// answers, and checks the listener followed the store.
@MainActor @Suite(.timeLimit(.minutes(10))) struct ListenerContractTests {
  // MARK: Animals

  /// What the Animals listener asked of its persistent store.
  enum AnimalsCall: Equatable {
    case fetchAnimals, fetchCategories, reloadSampleData
    case add(name: String), update(animalId: String), delete(animalId: String)
  }

  /// A persistent store that records what it is asked and answers every call.
  final class AnimalsStoreDouble: PersistentSessionPersistentStore, @unchecked Sendable {
    // @unchecked: written and read on the main actor only (the listener's thunks run there, and
    // the test reads after `receive` returned).
    private(set) var calls: [AnimalsCall] = []

    func fetchAnimalsQuery() async throws -> [Animal] {
      calls.append(.fetchAnimals)
      return [.cat]
    }

    func addAnimalMutation(name: String, diet: Animal.Diet, categoryId: String) async throws -> Animal {
      calls.append(.add(name: name))
      return Animal(animalId: "Added", name: name, diet: diet, categoryId: categoryId)
    }

    func updateAnimalMutation(animalId: String, name: String, diet: Animal.Diet, categoryId: String) async throws -> Animal {
      calls.append(.update(animalId: animalId))
      return Animal(animalId: animalId, name: name, diet: diet, categoryId: categoryId)
    }

    func deleteAnimalMutation(animalId: String) async throws -> Animal {
      calls.append(.delete(animalId: animalId))
      return .cat
    }

    func fetchCategoriesQuery() async throws -> [AnimalsData.Category] {
      calls.append(.fetchCategories)
      return [.mammal]
    }

    func reloadSampleDataMutation() async throws -> (animals: [Animal], categories: [AnimalsData.Category]) {
      calls.append(.reloadSampleData)
      return (animals: [.cat], categories: [.mammal])
    }
  }

  /// Streams `action` after `oldState` to an Animals listener over a store whose state is
  /// `storeState`, and returns what the listener asked of its persistent store and what it dispatched.
  private func animalsListener(
    receiving action: AnimalsAction, after oldState: AnimalsState, storeState: AnimalsState,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> (calls: [AnimalsCall], dispatched: [AnimalsAction]) {
    let persistentStore = AnimalsStoreDouble()
    let dispatched = await Self.listener(
      receiving: action, after: oldState, storeState: storeState, reducer: AnimalsReducer.reduce,
      sourceLocation: sourceLocation
    ) { store in
      let listener = AnimalsData.Listener(store: persistentStore)
      listener.listen(to: store)
      return listener
    }
    return (persistentStore.calls, dispatched)
  }

  /// Streams `action` after `oldState` to the listener `listen` starts over a store whose state
  /// is `storeState`, once it is checked not to be what `reducer` makes of the action, and
  /// returns what the listener dispatched by the time it came back for the next element.
  private static func listener<State: Equatable & Sendable, Action: Sendable>(
    receiving action: Action, after oldState: State, storeState: State,
    reducer: (State, Action) throws -> State, sourceLocation: SourceLocation,
    listen: (ContractStore<State, Action>) -> AnyObject
  ) async -> [Action] {
    let reduced = (try? reducer(oldState, action)) ?? oldState
    #expect(reduced != storeState, "the store's state must differ from the reducer's", sourceLocation: sourceLocation)
    let store = ContractStore<State, Action>(state: storeState)
    let listener = listen(store)
    await store.receive(action, after: oldState)
    await store.stream.finish()
    withExtendedLifetime(listener) {}
    return store.dispatched
  }

  private static let withCat = AnimalsState(categories: .init(), animals: .init(data: [Animal.cat.animalId: .cat]))

  @Test func categoriesAppearingAreFetchedWhenTheStoresStateIsWaiting() async {
    // The store is already waiting with its categories and animals both; the reducer would move the categories only.
    let storeState = AnimalsState(categories: .init(status: .waiting), animals: .init(status: .waiting))
    let seen = await animalsListener(receiving: .ui(.categoryList(.onAppear)), after: AnimalsState(), storeState: storeState)
    #expect(seen.calls == [.fetchCategories])
    #expect(seen.dispatched.count == 1)
  }

  @Test func categoriesAppearingFetchNothingWhenTheStoreDidNotStartWaiting() async {
    // The reducer would move the categories to waiting; the store's state did not.
    let seen = await animalsListener(receiving: .ui(.categoryList(.onAppear)), after: AnimalsState(), storeState: AnimalsState())
    #expect(seen.calls == [])
    #expect(seen.dispatched == [])
  }

  @Test func aReloadRunsOnlyWhenTheStoresStateHasBothWaiting() async {
    let reload = AnimalsAction.ui(.categoryList(.onTapReloadSampleDataButton))
    let bothWaiting = AnimalsState(categories: .init(data: [AnimalsData.Category.bird.categoryId: .bird], status: .waiting), animals: .init(status: .waiting))
    let started = await animalsListener(receiving: reload, after: AnimalsState(), storeState: bothWaiting)
    #expect(started.calls == [.reloadSampleData])
    #expect(started.dispatched.count == 1)
    let categoriesOnly = AnimalsState(categories: .init(status: .waiting), animals: .init())
    let skipped = await animalsListener(receiving: reload, after: AnimalsState(), storeState: categoriesOnly)
    #expect(skipped.calls == [])
    #expect(skipped.dispatched == [])
  }

  @Test func animalsAppearingFollowTheStoresState() async {
    let appear = AnimalsAction.ui(.animalList(.onAppear))
    let waiting = AnimalsState(categories: .init(status: .success), animals: .init(status: .waiting))
    let fetched = await animalsListener(receiving: appear, after: AnimalsState(), storeState: waiting)
    #expect(fetched.calls == [.fetchAnimals])
    #expect(fetched.dispatched.count == 1)
    let skipped = await animalsListener(receiving: appear, after: AnimalsState(), storeState: AnimalsState())
    #expect(skipped.calls == [])
  }

  @Test(arguments: [
    AnimalsAction.ui(.animalList(.onTapDeleteSelectedAnimalButton(animalId: "Cat"))),
    AnimalsAction.ui(.animalDetail(.onTapDeleteSelectedAnimalButton(animalId: "Cat"))),
  ])
  func aDeleteFollowsTheStoresQueue(action: AnimalsAction) async {
    // The reducer refuses a delete of an animal the old state lacks; the store's queue is waiting.
    let queued = AnimalsState(categories: .init(), animals: .init(queue: ["Cat": .waiting]))
    let deleted = await animalsListener(receiving: action, after: AnimalsState(), storeState: queued)
    #expect(deleted.calls == [.delete(animalId: "Cat")])
    #expect(deleted.dispatched.count == 1)
    // The reducer would queue the delete; the store's queue is empty.
    let skipped = await animalsListener(receiving: action, after: Self.withCat, storeState: Self.withCat)
    #expect(skipped.calls == [])
  }

  @Test func anAddFollowsTheStoresQueue() async {
    let add = AnimalsAction.ui(.animalEditor(.onTapAddAnimalButton(id: "New", name: "Newt", diet: .carnivorous, categoryId: "Amphibian")))
    let queued = AnimalsState(categories: .init(status: .success), animals: .init(queue: ["New": .waiting]))
    let added = await animalsListener(receiving: add, after: AnimalsState(), storeState: queued)
    #expect(added.calls == [.add(name: "Newt")])
    #expect(added.dispatched.count == 1)
    let skipped = await animalsListener(receiving: add, after: AnimalsState(), storeState: AnimalsState())
    #expect(skipped.calls == [])
  }

  @Test func anUpdateFollowsTheStoresQueue() async {
    let update = AnimalsAction.ui(.animalEditor(.onTapUpdateAnimalButton(animalId: "Cat", name: "Kitty", diet: .herbivorous, categoryId: "Mammal")))
    let queued = AnimalsState(categories: .init(), animals: .init(queue: ["Cat": .waiting]))
    let updated = await animalsListener(receiving: update, after: AnimalsState(), storeState: queued)
    #expect(updated.calls == [.update(animalId: "Cat")])
    #expect(updated.dispatched.count == 1)
    let skipped = await animalsListener(receiving: update, after: Self.withCat, storeState: Self.withCat)
    #expect(skipped.calls == [])
  }

  // MARK: Quakes

  /// What the Quakes listener asked of its local and remote stores.
  enum QuakesCall: Equatable {
    case fetchLocal, fetchRemote, deleteOne(String), deleteAll
    case saveRemote(inserted: [String], updated: [String], deleted: [String])
  }

  /// Local and remote stores in one, recording what they are asked and answering every call.
  final class QuakesStoresDouble: PersistentSessionLocalStore, PersistentSessionRemoteStore, @unchecked Sendable {
    // @unchecked: used on the main actor only, as `AnimalsStoreDouble`.
    private(set) var calls: [QuakesCall] = []

    func fetchLocalQuakesQuery() async throws -> [Quake] {
      calls.append(.fetchLocal)
      return []
    }

    func didFetchRemoteQuakesMutation(inserted: [Quake], updated: [Quake], deleted: [Quake]) async throws {
      calls.append(.saveRemote(inserted: inserted.map(\.id), updated: updated.map(\.id), deleted: deleted.map(\.id)))
    }

    func deleteLocalQuakeMutation(quakeId: Quake.ID) async throws {
      calls.append(.deleteOne(quakeId))
    }

    func deleteLocalQuakesMutation() async throws {
      calls.append(.deleteAll)
    }

    func fetchRemoteQuakesQuery(range: QuakesAction.UI.QuakeList.RefreshQuakesRange) async throws -> [Quake] {
      calls.append(.fetchRemote)
      return []
    }
  }

  private static func quake(_ id: String, magnitude: Double = 1) -> Quake {
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    return Quake(quakeId: id, magnitude: magnitude, time: date, updated: date, name: id, longitude: 0, latitude: 0)
  }

  private static func state(_ quakes: [Quake], status: QuakesData.Status? = nil) -> QuakesState {
    QuakesState(quakes: .init(data: TreeDictionary(uniqueKeysWithValues: quakes.map { ($0.id, $0) }), status: status))
  }

  /// Streams `action` after `oldState` to a Quakes listener over a store whose state is
  /// `storeState`, and returns what the listener asked of its stores and what it dispatched.
  private func quakesListener(
    receiving action: QuakesAction, after oldState: QuakesState, storeState: QuakesState,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> (calls: [QuakesCall], dispatched: [QuakesAction]) {
    let stores = QuakesStoresDouble()
    let dispatched = await Self.listener(
      receiving: action, after: oldState, storeState: storeState, reducer: QuakesReducer.reduce,
      sourceLocation: sourceLocation
    ) { store in
      let listener = QuakesData.Listener(localStore: stores, remoteStore: stores)
      listener.listen(to: store)
      return listener
    }
    return (stores.calls, dispatched)
  }

  @Test func quakesAppearingFollowTheStoresStatus() async {
    let appear = QuakesAction.ui(.quakeList(.onAppear))
    let fetched = await quakesListener(receiving: appear, after: QuakesState(), storeState: Self.state([Self.quake("a")], status: .waiting))
    #expect(fetched.calls == [.fetchLocal])
    #expect(fetched.dispatched.count == 1)
    let skipped = await quakesListener(receiving: appear, after: QuakesState(), storeState: QuakesState())
    #expect(skipped.calls == [])
  }

  @Test func aRefreshFollowsTheStoresStatus() async {
    let refresh = QuakesAction.ui(.quakeList(.onTapRefreshQuakesButton(range: .allHour)))
    let fetched = await quakesListener(receiving: refresh, after: Self.state([], status: .waiting), storeState: Self.state([Self.quake("a")], status: .waiting))
    // The old state was waiting already: no fetch starts, whatever the store says.
    #expect(fetched.calls == [])
    let started = await quakesListener(receiving: refresh, after: Self.state([], status: .success), storeState: Self.state([Self.quake("a")], status: .waiting))
    #expect(started.calls == [.fetchRemote])
    #expect(started.dispatched.count == 1)
    let skipped = await quakesListener(receiving: refresh, after: Self.state([], status: .success), storeState: Self.state([], status: .success))
    #expect(skipped.calls == [])
  }

  @Test func deletesRunWhateverTheStoresState() async {
    let old = Self.state([Self.quake("a"), Self.quake("b")], status: .success)
    let one = await quakesListener(
      receiving: .ui(.quakeList(.onTapDeleteSelectedQuakeButton(quakeId: "a"))), after: old, storeState: old)
    #expect(one.calls == [.deleteOne("a")])
    let all = await quakesListener(receiving: .ui(.quakeList(.onTapDeleteAllQuakesButton)), after: old, storeState: old)
    #expect(all.calls == [.deleteAll])
  }

  @Test func aRemoteFetchSavesWhatTheStoresStateChanged() async {
    // The feed brings a new quake "n", a revised "r" and one "z" with no magnitude. The reducer would
    // insert "n", update "r" and drop "z"; the store kept "z", took "n" in, and left "r" alone.
    let old = Self.state([Self.quake("r"), Self.quake("z")], status: .waiting)
    let fetched = [Self.quake("n"), Self.quake("r", magnitude: 4), Self.quake("z", magnitude: 0)]
    let storeState = Self.state([Self.quake("r"), Self.quake("z"), Self.quake("n")], status: .success)
    let seen = await quakesListener(
      receiving: .data(.persistentSession(.remoteStore(.didFetchQuakes(result: .success(quakes: fetched))))),
      after: old, storeState: storeState)
    #expect(seen.calls == [.saveRemote(inserted: ["n"], updated: [], deleted: [])])
  }
}
