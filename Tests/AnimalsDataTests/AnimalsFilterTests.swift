import AnimalsData
import Testing

@Suite struct AnimalsFilterTests {
  private typealias PersistentSession = AnimalsAction.Data.PersistentSession

  private let state = AnimalsState.samples()
  private let movedCat = Animal(animalId: "Cat", name: "Cat", diet: .carnivorous, categoryId: "Bird")

  private static func data(_ action: PersistentSession) -> AnimalsAction {
    .data(.persistentSession(action))
  }

  private static let uiActions: [AnimalsAction] = [
    .ui(.categoryList(.onAppear)),
    .ui(.categoryList(.onTapReloadSampleDataButton)),
    .ui(.animalList(.onAppear)),
    .ui(.animalList(.onTapDeleteSelectedAnimalButton(animalId: "Cat"))),
    .ui(.animalDetail(.onTapDeleteSelectedAnimalButton(animalId: "Cat"))),
    .ui(.animalEditor(.onTapAddAnimalButton(id: "T", name: "Eagle", diet: .carnivorous, categoryId: "Mammal"))),
    .ui(.animalEditor(.onTapUpdateAnimalButton(animalId: "Cat", name: "Cat", diet: .carnivorous, categoryId: "Mammal"))),
  ]

  private static let failures: [AnimalsAction] = [
    data(.didFetchCategories(result: .failure(error: "boom"))),
    data(.didFetchAnimals(result: .failure(error: "boom"))),
    data(.didReloadSampleData(result: .failure(error: "boom"))),
    data(.didAddAnimal(id: "T", result: .failure(error: "boom"))),
    data(.didUpdateAnimal(animalId: "Cat", result: .failure(error: "boom"))),
    data(.didDeleteAnimal(animalId: "Cat", result: .failure(error: "boom"))),
  ]

  @Test func categoriesPassFetchAndReloadSuccesses() {
    let filter = AnimalsFilter.filterCategories()
    #expect(filter(state, Self.data(.didFetchCategories(result: .success(categories: [])))))
    #expect(filter(state, Self.data(.didReloadSampleData(result: .success(animals: [], categories: [])))))
  }

  @Test func categoriesRejectEverythingElse() {
    let filter = AnimalsFilter.filterCategories()
    let others =
      Self.uiActions + Self.failures + [
        Self.data(.didFetchAnimals(result: .success(animals: [.cat]))),
        Self.data(.didAddAnimal(id: "T", result: .success(animal: .eagle))),
        Self.data(.didUpdateAnimal(animalId: "Cat", result: .success(animal: .cat))),
        Self.data(.didDeleteAnimal(animalId: "Cat", result: .success(animal: .cat))),
      ]
    for action in others {
      #expect(!filter(state, action), "\(action)")
    }
  }

  @Test func animalsPassFetchAndReloadSuccessesForAnyCategory() {
    for categoryId in ["Mammal", "Fish", nil] {
      let filter = AnimalsFilter.filterAnimals(categoryId: categoryId)
      #expect(filter(state, Self.data(.didFetchAnimals(result: .success(animals: [])))))
      #expect(filter(state, Self.data(.didReloadSampleData(result: .success(animals: [], categories: [])))))
    }
  }

  @Test func animalsPassAddsAndDeletesInTheirCategoryOnly() {
    let birds = AnimalsFilter.filterAnimals(categoryId: "Bird")
    let mammals = AnimalsFilter.filterAnimals(categoryId: "Mammal")
    let add = Self.data(.didAddAnimal(id: "T", result: .success(animal: .eagle)))
    let delete = Self.data(.didDeleteAnimal(animalId: "Cat", result: .success(animal: .cat)))
    #expect(birds(state, add))
    #expect(!mammals(state, add))
    #expect(mammals(state, delete))
    #expect(!birds(state, delete))
    #expect(!AnimalsFilter.filterAnimals(categoryId: nil)(state, add))
  }

  @Test func animalsPassUpdatesTouchingTheNewOrTheOldCategory() {
    let update = Self.data(.didUpdateAnimal(animalId: "Cat", result: .success(animal: movedCat)))
    #expect(AnimalsFilter.filterAnimals(categoryId: "Bird")(state, update))
    #expect(AnimalsFilter.filterAnimals(categoryId: "Mammal")(state, update))
    #expect(!AnimalsFilter.filterAnimals(categoryId: "Amphibian")(state, update))
    #expect(!AnimalsFilter.filterAnimals(categoryId: nil)(state, update))
  }

  @Test func animalsRejectUIActionsFailuresAndCategoryFetches() {
    let filter = AnimalsFilter.filterAnimals(categoryId: "Mammal")
    for action in Self.uiActions + Self.failures + [Self.data(.didFetchCategories(result: .success(categories: [])))] {
      #expect(!filter(state, action), "\(action)")
    }
  }
}
