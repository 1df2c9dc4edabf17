import AnimalsData
import HashTreeCollections
import Testing

/// The ids the Animals reducer and filter key their results by, as the guide has them: an update
/// is written under the id it was asked for, a delete removes the id of the animal the store
/// returned, and the filter looks up the updated animal's old category by the returned id.
@Suite struct AnimalsReducerConformanceTests {
  private static func state(_ animals: Animal..., queue: TreeDictionary<Animal.ID, Status> = [:]) -> AnimalsState {
    AnimalsState(
      categories: AnimalsState.Categories(data: TreeDictionary(uniqueKeysWithValues: Category.samples.map { ($0.id, $0) })),
      animals: AnimalsState.Animals(data: TreeDictionary(uniqueKeysWithValues: animals.map { ($0.id, $0) }), queue: queue)
    )
  }

  private static func reduce(_ state: AnimalsState, _ action: AnimalsAction.Data.PersistentSession) throws -> AnimalsState {
    try AnimalsReducer.reduce(state: state, action: .data(.persistentSession(action)))
  }

  @Test func anUpdateIsWrittenUnderTheIdItWasAskedFor() throws {
    let renamed = Animal(animalId: "Kitty", name: "Kitty", diet: .omnivorous, categoryId: "Mammal")
    let state = try Self.reduce(
      Self.state(.cat, .dog, queue: ["Cat": .waiting]), .didUpdateAnimal(animalId: "Cat", result: .success(animal: renamed)))
    #expect(state.animals.data["Cat"] == renamed)
    #expect(state.animals.data["Kitty"] == nil)
    #expect(state.animals.data["Dog"] == .dog)
    #expect(state.animals.queue == ["Cat": .success])
  }

  @Test func aFailedUpdateMarksTheIdItWasAskedFor() throws {
    let state = try Self.reduce(
      Self.state(.cat, queue: ["Cat": .waiting]), .didUpdateAnimal(animalId: "Cat", result: .failure(error: "boom")))
    #expect(state.animals.data["Cat"] == .cat)
    #expect(state.animals.queue == ["Cat": .failure(error: "boom")])
  }

  @Test func aDeleteRemovesTheIdOfTheAnimalTheStoreReturned() throws {
    let state = try Self.reduce(
      Self.state(.cat, .dog, queue: ["Cat": .waiting]), .didDeleteAnimal(animalId: "Cat", result: .success(animal: .dog)))
    #expect(state.animals.data["Dog"] == nil)
    #expect(state.animals.data["Cat"] == .cat)
    #expect(state.animals.queue == ["Cat": .waiting, "Dog": .success])
  }

  @Test func aFailedDeleteMarksTheIdItWasAskedFor() throws {
    let state = try Self.reduce(
      Self.state(.cat, queue: ["Cat": .waiting]), .didDeleteAnimal(animalId: "Cat", result: .failure(error: "boom")))
    #expect(state.animals.data["Cat"] == .cat)
    #expect(state.animals.queue == ["Cat": .failure(error: "boom")])
  }

  @Test func updatesAndDeletesOfAnAnimalNotInTheStateAreRefused() {
    for action: AnimalsAction.Data.PersistentSession in [
      .didUpdateAnimal(animalId: "Eagle", result: .success(animal: .cat)),
      .didUpdateAnimal(animalId: "Eagle", result: .failure(error: "boom")),
      .didDeleteAnimal(animalId: "Eagle", result: .success(animal: .cat)),
      .didDeleteAnimal(animalId: "Eagle", result: .failure(error: "boom")),
    ] {
      #expect(throws: AnimalsReducer.Error(code: .animalNotFound)) { try Self.reduce(Self.state(.cat), action) }
    }
  }

  @Test func anAddIsWrittenUnderTheReturnedIdAndMarksTheEditorsId() throws {
    let state = try Self.reduce(
      Self.state(queue: ["A1": .waiting]), .didAddAnimal(id: "A1", result: .success(animal: .sparrow)))
    #expect(state.animals.data == ["Sparrow": .sparrow])
    #expect(state.animals.queue == ["A1": .success])
  }

  @Test func theFilterFindsTheUpdatedAnimalsOldCategoryByItsReturnedId() {
    let filter = AnimalsFilter.filterAnimals(categoryId: "Mammal")
    let movedDog = Animal(animalId: "Dog", name: "Dog", diet: .carnivorous, categoryId: "Bird")
    let oldState = Self.state(.cat, .dog, .sparrow)
    #expect(filter(oldState, .data(.persistentSession(.didUpdateAnimal(animalId: "Cat", result: .success(animal: movedDog))))))
    let movedSparrow = Animal(animalId: "Sparrow", name: "Sparrow", diet: .omnivorous, categoryId: "Reptile")
    #expect(!filter(oldState, .data(.persistentSession(.didUpdateAnimal(animalId: "Cat", result: .success(animal: movedSparrow))))))
  }

  @Test func theFilterPassesAddsAndDeletesByTheReturnedAnimalsCategory() {
    let filter = AnimalsFilter.filterAnimals(categoryId: "Bird")
    let state = Self.state(.cat, .sparrow)
    #expect(filter(state, .data(.persistentSession(.didAddAnimal(id: "A1", result: .success(animal: .sparrow))))))
    #expect(filter(state, .data(.persistentSession(.didDeleteAnimal(animalId: "Cat", result: .success(animal: .sparrow))))))
    #expect(!filter(state, .data(.persistentSession(.didDeleteAnimal(animalId: "Sparrow", result: .success(animal: .cat))))))
    #expect(!filter(state, .data(.persistentSession(.didDeleteAnimal(animalId: "Sparrow", result: .failure(error: "boom"))))))
  }
}
