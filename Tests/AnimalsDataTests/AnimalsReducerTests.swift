import AnimalsData
import HashTreeCollections
import Testing

@Suite struct AnimalsReducerTests {
  private typealias PersistentSession = AnimalsAction.Data.PersistentSession

  private static let notWaiting: [Status?] = [nil, .empty, .success, .failure(error: "boom")]

  private func reduce(_ state: AnimalsState, _ action: AnimalsAction) throws -> AnimalsState {
    try AnimalsReducer.reduce(state: state, action: action)
  }

  private func reduce(_ state: AnimalsState, _ action: PersistentSession) throws -> AnimalsState {
    try AnimalsReducer.reduce(state: state, action: .data(.persistentSession(action)))
  }

  // MARK: - UI

  @Test func categoryListOnAppearMovesNilToWaiting() throws {
    let state = try reduce(AnimalsState(), .ui(.categoryList(.onAppear)))
    #expect(state.categories.status == .waiting)
    #expect(state.animals.status == nil)
  }

  @Test(arguments: [Status.empty, .waiting, .success, .failure(error: "boom")])
  func categoryListOnAppearLeavesAnyOtherStatus(status: Status) throws {
    var state = AnimalsState()
    state.categories.status = status
    #expect(try reduce(state, .ui(.categoryList(.onAppear))) == state)
  }

  @Test func animalListOnAppearMovesNilToWaiting() throws {
    let state = try reduce(AnimalsState(), .ui(.animalList(.onAppear)))
    #expect(state.animals.status == .waiting)
    #expect(state.categories.status == nil)
  }

  @Test(arguments: [Status.empty, .waiting, .success, .failure(error: "boom")])
  func animalListOnAppearLeavesAnyOtherStatus(status: Status) throws {
    var state = AnimalsState()
    state.animals.status = status
    #expect(try reduce(state, .ui(.animalList(.onAppear))) == state)
  }

  @Test(arguments: notWaiting, notWaiting)
  func reloadMovesBothToWaitingWhenNeitherIsWaiting(categoriesStatus: Status?, animalsStatus: Status?) throws {
    var state = AnimalsState.samples()
    state.categories.status = categoriesStatus
    state.animals.status = animalsStatus
    let reduced = try reduce(state, .ui(.categoryList(.onTapReloadSampleDataButton)))
    #expect(reduced.categories.status == .waiting)
    #expect(reduced.animals.status == .waiting)
    #expect(reduced.animals.data == state.animals.data)
  }

  @Test func reloadIsIgnoredWhileCategoriesAreWaiting() throws {
    var state = AnimalsState.samples()
    state.categories.status = .waiting
    #expect(try reduce(state, .ui(.categoryList(.onTapReloadSampleDataButton))) == state)
  }

  @Test func reloadIsIgnoredWhileAnimalsAreWaiting() throws {
    var state = AnimalsState.samples()
    state.animals.status = .waiting
    #expect(try reduce(state, .ui(.categoryList(.onTapReloadSampleDataButton))) == state)
  }

  @Test func deleteFromTheListQueuesTheAnimal() throws {
    let state = try reduce(.samples(), .ui(.animalList(.onTapDeleteSelectedAnimalButton(animalId: "Cat"))))
    #expect(state.animals.queue == ["Cat": .waiting])
    #expect(state.animals.data["Cat"] == .cat)
  }

  @Test func deleteFromTheDetailQueuesTheAnimal() throws {
    let state = try reduce(.samples(), .ui(.animalDetail(.onTapDeleteSelectedAnimalButton(animalId: "Dog"))))
    #expect(state.animals.queue == ["Dog": .waiting])
  }

  @Test func deleteOfAMissingAnimalThrows() {
    #expect(throws: AnimalsReducer.Error(code: .animalNotFound)) {
      try reduce(.samples(), .ui(.animalList(.onTapDeleteSelectedAnimalButton(animalId: "Zebra"))))
    }
    #expect(throws: AnimalsReducer.Error(code: .animalNotFound)) {
      try reduce(.samples(), .ui(.animalDetail(.onTapDeleteSelectedAnimalButton(animalId: "Zebra"))))
    }
  }

  @Test func updateQueuesTheAnimal() throws {
    let action = AnimalsAction.ui(
      .animalEditor(.onTapUpdateAnimalButton(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Mammal")))
    let state = try reduce(.samples(), action)
    #expect(state.animals.queue == ["Cat": .waiting])
    #expect(state.animals.data["Cat"] == .cat)
  }

  @Test func updateOfAMissingAnimalThrows() {
    let action = AnimalsAction.ui(
      .animalEditor(.onTapUpdateAnimalButton(animalId: "Zebra", name: "Zebra", diet: .herbivorous, categoryId: "Mammal")))
    #expect(throws: AnimalsReducer.Error(code: .animalNotFound)) { try reduce(.samples(), action) }
  }

  @Test func addQueuesTheEditorsID() throws {
    let action = AnimalsAction.ui(
      .animalEditor(.onTapAddAnimalButton(id: "Temp", name: "Eagle", diet: .carnivorous, categoryId: "Bird")))
    let state = try reduce(.samples(), action)
    #expect(state.animals.queue == ["Temp": .waiting])
    #expect(state.animals.data == AnimalsState.samples().animals.data)
  }

  // MARK: - Persistent session

  @Test func fetchCategoriesSuccessMergesAndSucceeds() throws {
    var state = AnimalsState()
    state.categories.data = .byID([.fish])
    state.categories.status = .waiting
    let reduced = try reduce(state, .didFetchCategories(result: .success(categories: [.bird, .mammal])))
    #expect(reduced.categories.data == .byID([.fish, .bird, .mammal]))
    #expect(reduced.categories.status == .success)
  }

  @Test func fetchCategoriesFailureSetsTheStatus() throws {
    var state = AnimalsState.samples()
    state.categories.status = .waiting
    let reduced = try reduce(state, .didFetchCategories(result: .failure(error: "boom")))
    #expect(reduced.categories.status == .failure(error: "boom"))
    #expect(reduced.categories.data == state.categories.data)
  }

  @Test func fetchAnimalsSuccessMergesAndSucceeds() throws {
    var state = AnimalsState()
    state.animals.data = .byID([.eagle])
    state.animals.status = .waiting
    let reduced = try reduce(state, .didFetchAnimals(result: .success(animals: [.cat, .dog])))
    #expect(reduced.animals.data == .byID([.eagle, .cat, .dog]))
    #expect(reduced.animals.status == .success)
  }

  @Test func fetchAnimalsFailureSetsTheStatus() throws {
    var state = AnimalsState()
    state.animals.status = .waiting
    let reduced = try reduce(state, .didFetchAnimals(result: .failure(error: "boom")))
    #expect(reduced.animals.status == .failure(error: "boom"))
    #expect(reduced.animals.data.isEmpty)
  }

  @Test func reloadSuccessReplacesBothDictionaries() throws {
    var state = AnimalsState.samples()
    state.animals.data["Eagle"] = .eagle
    state.animals.data["Cat"] = nil
    state.categories.data["Extra"] = Category(categoryId: "Extra", name: "Extra")
    state.animals.status = .waiting
    state.categories.status = .waiting
    let reduced = try reduce(
      state, .didReloadSampleData(result: .success(animals: [.cat, .newt], categories: [.mammal, .amphibian])))
    #expect(reduced.animals.data == .byID([.cat, .newt]))
    #expect(reduced.categories.data == .byID([.mammal, .amphibian]))
    #expect(reduced.animals.status == .success)
    #expect(reduced.categories.status == .success)
  }

  @Test func reloadFailureFailsBothStatuses() throws {
    var state = AnimalsState.samples()
    state.animals.status = .waiting
    state.categories.status = .waiting
    let reduced = try reduce(state, .didReloadSampleData(result: .failure(error: "boom")))
    #expect(reduced.animals.status == .failure(error: "boom"))
    #expect(reduced.categories.status == .failure(error: "boom"))
    #expect(reduced.animals.data == state.animals.data)
  }

  @Test func addSuccessStoresTheAnimalUnderItsStoreID() throws {
    let state = AnimalsState.samples(queue: ["Temp": .waiting])
    let reduced = try reduce(state, .didAddAnimal(id: "Temp", result: .success(animal: .eagle)))
    #expect(reduced.animals.data["Eagle"] == .eagle)
    #expect(reduced.animals.data.count == 7)
    #expect(reduced.animals.queue == ["Temp": .success])
  }

  @Test func addFailureMarksTheEditorsID() throws {
    let state = AnimalsState.samples(queue: ["Temp": .waiting])
    let reduced = try reduce(state, .didAddAnimal(id: "Temp", result: .failure(error: "boom")))
    #expect(reduced.animals.data == state.animals.data)
    #expect(reduced.animals.queue == ["Temp": .failure(error: "boom")])
  }

  @Test func updateSuccessReplacesTheAnimal() throws {
    let kitty = Animal(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Mammal")
    let reduced = try reduce(
      .samples(queue: ["Cat": .waiting]), .didUpdateAnimal(animalId: "Cat", result: .success(animal: kitty)))
    #expect(reduced.animals.data["Cat"] == kitty)
    #expect(reduced.animals.data.count == 6)
    #expect(reduced.animals.queue == ["Cat": .success])
  }

  @Test func updateFailureMarksTheAnimal() throws {
    let reduced = try reduce(
      .samples(queue: ["Cat": .waiting]), .didUpdateAnimal(animalId: "Cat", result: .failure(error: "boom")))
    #expect(reduced.animals.data["Cat"] == .cat)
    #expect(reduced.animals.queue == ["Cat": .failure(error: "boom")])
  }

  @Test func updateOutcomeOfAMissingAnimalThrows() {
    #expect(throws: AnimalsReducer.Error(code: .animalNotFound)) {
      try reduce(.samples(), .didUpdateAnimal(animalId: "Eagle", result: .success(animal: .eagle)))
    }
    #expect(throws: AnimalsReducer.Error(code: .animalNotFound)) {
      try reduce(.samples(), .didUpdateAnimal(animalId: "Eagle", result: .failure(error: "boom")))
    }
  }

  @Test func deleteSuccessRemovesTheAnimal() throws {
    let reduced = try reduce(
      .samples(queue: ["Cat": .waiting]), .didDeleteAnimal(animalId: "Cat", result: .success(animal: .cat)))
    #expect(reduced.animals.data["Cat"] == nil)
    #expect(reduced.animals.data.count == 5)
    #expect(reduced.animals.queue == ["Cat": .success])
  }

  @Test func deleteFailureKeepsTheAnimal() throws {
    let reduced = try reduce(
      .samples(queue: ["Cat": .waiting]), .didDeleteAnimal(animalId: "Cat", result: .failure(error: "boom")))
    #expect(reduced.animals.data["Cat"] == .cat)
    #expect(reduced.animals.queue == ["Cat": .failure(error: "boom")])
  }

  @Test func deleteOutcomeOfAMissingAnimalThrows() {
    #expect(throws: AnimalsReducer.Error(code: .animalNotFound)) {
      try reduce(.samples(), .didDeleteAnimal(animalId: "Eagle", result: .success(animal: .eagle)))
    }
    #expect(throws: AnimalsReducer.Error(code: .animalNotFound)) {
      try reduce(.samples(), .didDeleteAnimal(animalId: "Eagle", result: .failure(error: "boom")))
    }
  }

  @Test func theErrorDescribesItself() {
    #expect(String(describing: AnimalsReducer.Error(code: .animalNotFound)) == "AnimalsReducer.Error(code: .animalNotFound)")
  }
}
