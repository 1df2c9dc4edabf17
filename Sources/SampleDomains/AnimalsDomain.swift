import AnimalsData
import AnimalsDataServerCore
import Foundation
import ReplShell
import ReplShellDomain

extension Domain {
  /// The Animals sample: a catalog of animals by category, kept in SQLite or on a remote server.
  public static let animals = Domain(
    name: "animals",
    summary: "a catalog of animals in categories, in a SQLite database or on an AnimalsDataServer",
    options: [
      DomainOption("store", valueName: "PATH", help: "SQLite file (scripts: in memory unless given; interactive: the user data folder)", kind: .database),
      DomainOption("remote", valueName: "URL", help: "talk to an AnimalsDataServer instead, e.g. http://127.0.0.1:8080/animals/api", kind: .server),
      DomainOption("serve", valueName: "PATH", help: "start an AnimalsDataServer on a free loopback port, backed by this SQLite file, and talk to it over HTTP", kind: .database),
    ],
    initialState: { AnimalsState() },
    reducer: AnimalsReducer.reduce,
    actionExamples: animalsActionExamples,
    selectors: animalsSelectors,
    diffSpecializations: [
      .treeDictionary(Animal.ID.self, Animal.self), .treeDictionary(AnimalsData.Category.ID.self, AnimalsData.Category.self),
      .treeDictionary(Animal.ID.self, Status.self),
    ],
    effects: DomainEffects(userActions: ["ui"]) { store, scheduler, context in
      let listener = Listener(store: ScheduledAnimalsStore(scheduler: scheduler, makeAnimalID: context.makeIdentifier), logger: context.logger)
      listener.listen(to: store)
      return listener
    },
    listen: { store, context in
      let identifiers = UnusedIdentifiers(drawingFrom: context.makeIdentifier)
      if let path = try context.filePath("serve") {
        let database = try LocalStore(path: path, makeAnimalID: { identifiers.next() })
        identifiers.reserve(try await database.fetchAnimalsQuery().map(\.animalId))
        let server = try await RunningServer.start(store: database)
        let listener = Listener(store: RemoteStore(url: server.apiURL), logger: context.logger)
        listener.listen(to: store)
        return ServedAnimals(listener: listener, server: server)
      }
      if let url = try context.httpURL("remote", example: "http://127.0.0.1:8080/animals/api") {
        let listener = Listener(store: RemoteStore(url: url), logger: context.logger)
        listener.listen(to: store)
        return listener
      }
      let localStore = try LocalStore(path: context.databasePath(defaultFileName: "animals.sqlite"), makeAnimalID: { identifiers.next() })
      identifiers.reserve(try await localStore.fetchAnimalsQuery().map(\.animalId))
      let listener = Listener(store: localStore, logger: context.logger)
      listener.listen(to: store)
      return listener
    })

  package static let animalsActionExamples: [AnimalsAction] = {
    typealias Session = AnimalsAction.Data.PersistentSession
    let error = "example"
    return [
      .ui(.categoryList(.onAppear)),
      .ui(.categoryList(.onTapReloadSampleDataButton)),
      .ui(.animalList(.onAppear)),
      .ui(.animalList(.onTapDeleteSelectedAnimalButton(animalId: "Cat"))),
      .ui(.animalDetail(.onTapDeleteSelectedAnimalButton(animalId: "Cat"))),
      .ui(.animalEditor(.onTapAddAnimalButton(id: "A1", name: "Eagle", diet: .carnivorous, categoryId: "Bird"))),
      .ui(.animalEditor(.onTapUpdateAnimalButton(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Mammal"))),
      .data(.persistentSession(.didFetchCategories(result: .success(categories: [.bird])))),
      .data(.persistentSession(.didFetchCategories(result: .failure(error: error)))),
      .data(.persistentSession(.didFetchAnimals(result: .success(animals: [.cat])))),
      .data(.persistentSession(.didFetchAnimals(result: .failure(error: error)))),
      .data(.persistentSession(.didReloadSampleData(result: .success(animals: [.cat], categories: [.mammal])))),
      .data(.persistentSession(.didReloadSampleData(result: .failure(error: error)))),
      .data(.persistentSession(.didAddAnimal(id: "A1", result: .success(animal: .sparrow)))),
      .data(.persistentSession(.didAddAnimal(id: "A1", result: .failure(error: error)))),
      .data(.persistentSession(.didUpdateAnimal(animalId: "Cat", result: .success(animal: .cat)))),
      .data(.persistentSession(.didUpdateAnimal(animalId: "Cat", result: .failure(error: error)))),
      .data(.persistentSession(.didDeleteAnimal(animalId: "Cat", result: .success(animal: .cat)))),
      .data(.persistentSession(.didDeleteAnimal(animalId: "Cat", result: .failure(error: error)))),
    ]
  }()

  private static let categorySortKeys: KeyValuePairs<String, any SortKeyPath<AnimalsData.Category>> = [
    "name": SortKey(\AnimalsData.Category.name), "categoryId": SortKey(\AnimalsData.Category.categoryId),
  ]

  private static let animalSortKeys: KeyValuePairs<String, any SortKeyPath<Animal>> = [
    "name": SortKey(\Animal.name), "animalId": SortKey(\Animal.animalId), "categoryId": SortKey(\Animal.categoryId),
  ]

  private static let animalsSelectors: [SelectorDefinition<AnimalsState, AnimalsAction>] = [
    SelectorDefinition("selectCategories", filter: { AnimalsFilter.filterCategories() }) { AnimalsState.selectCategories() },
    SelectorDefinition(
      "selectCategoriesValues", .sortKey("sort", categorySortKeys), .sortOrder(),
      filter: { _, _ in AnimalsFilter.filterCategories() }
    ) { sort, order in
      func select<Key: SortKeyPath<AnimalsData.Category>>(_ key: Key) -> @Sendable (AnimalsState) -> [AnimalsData.Category] {
        AnimalsState.selectCategoriesValues(sort: key.keyPath, order: order)
      }
      return select(sort)
    },
    SelectorDefinition("selectCategoriesStatus") { AnimalsState.selectCategoriesStatus() },
    SelectorDefinition("selectCategory", Parameter("categoryId", String?.self)) { AnimalsState.selectCategory(categoryId: $0) },
    SelectorDefinition("selectCategory", Parameter("animalId", String?.self)) { AnimalsState.selectCategory(animalId: $0) },
    SelectorDefinition(
      "selectAnimals", Parameter("categoryId", String?.self), filter: { AnimalsFilter.filterAnimals(categoryId: $0) }
    ) { AnimalsState.selectAnimals(categoryId: $0) },
    SelectorDefinition(
      "selectAnimalsValues", Parameter("categoryId", String?.self), .sortKey("sort", animalSortKeys), .sortOrder(),
      filter: { categoryId, _, _ in AnimalsFilter.filterAnimals(categoryId: categoryId) }
    ) { categoryId, sort, order in
      func select<Key: SortKeyPath<Animal>>(_ key: Key) -> @Sendable (AnimalsState) -> [Animal] {
        AnimalsState.selectAnimalsValues(categoryId: categoryId, sort: key.keyPath, order: order)
      }
      return select(sort)
    },
    SelectorDefinition("selectAnimalsStatus") { AnimalsState.selectAnimalsStatus() },
    SelectorDefinition("selectAnimal", Parameter("animalId", String?.self)) { AnimalsState.selectAnimal(animalId: $0) },
    SelectorDefinition("selectAnimalStatus", Parameter("animalId", String?.self)) { AnimalsState.selectAnimalStatus(animalId: $0) },
  ]
}

/// The listener and the in-process server of `use animals --serve PATH`; the server stops with the session.
private struct ServedAnimals: SessionResource {
  let listener: Listener<RemoteStore<URLSessionNetworkSession>>
  let server: RunningServer

  func close() async {
    await server.stop()
  }
}
