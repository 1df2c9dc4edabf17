import AnimalsData
import Foundation
import HashTreeCollections
import Testing

@Suite struct AnimalsStateTests {
  private let state = AnimalsState.samples(queue: ["Cat": .waiting, "Dog": .failure(error: "boom")])

  @Test func anEmptyStateHasNothing() {
    let state = AnimalsState()
    #expect(AnimalsState.selectCategories()(state).isEmpty)
    #expect(AnimalsState.selectCategoriesStatus()(state) == nil)
    #expect(AnimalsState.selectAnimalsStatus()(state) == nil)
    #expect(AnimalsState.selectAnimals(categoryId: "Mammal")(state).isEmpty)
  }

  @Test func selectCategoriesReturnsThemByID() {
    #expect(AnimalsState.selectCategories()(state) == .byID(Category.samples))
  }

  @Test func selectCategoriesValuesSortsForwardAndReverse() {
    let forward = AnimalsState.selectCategoriesValues(sort: \.name)(state)
    #expect(forward.map(\.name) == ["Amphibian", "Bird", "Fish", "Invertebrate", "Mammal", "Reptile"])
    let reverse = AnimalsState.selectCategoriesValues(sort: \.categoryId, order: .reverse)(state)
    #expect(reverse.map(\.categoryId) == ["Reptile", "Mammal", "Invertebrate", "Fish", "Bird", "Amphibian"])
  }

  @Test func selectCategoriesValuesBreaksTiesByID() {
    var state = self.state
    state.categories.data = .byID([
      Category(categoryId: "B", name: "Same"), Category(categoryId: "A", name: "Same"), Category(categoryId: "C", name: "Other"),
    ])
    #expect(AnimalsState.selectCategoriesValues(sort: \.name)(state).map(\.categoryId) == ["C", "A", "B"])
    #expect(AnimalsState.selectCategoriesValues(sort: \.name, order: .reverse)(state).map(\.categoryId) == ["B", "A", "C"])
  }

  @Test func selectCategoriesStatusReadsTheStatus() {
    var state = self.state
    state.categories.status = .failure(error: "boom")
    #expect(AnimalsState.selectCategoriesStatus()(state) == .failure(error: "boom"))
  }

  @Test func selectCategoryByCategoryID() {
    #expect(AnimalsState.selectCategory(categoryId: "Bird")(state) == .bird)
    #expect(AnimalsState.selectCategory(categoryId: "Dinosaur")(state) == nil)
    #expect(AnimalsState.selectCategory(categoryId: nil)(state) == nil)
  }

  @Test func selectCategoryByAnimalID() {
    #expect(AnimalsState.selectCategory(animalId: "Newt")(state) == .amphibian)
    #expect(AnimalsState.selectCategory(animalId: "Zebra")(state) == nil)
    #expect(AnimalsState.selectCategory(animalId: nil)(state) == nil)
  }

  @Test func selectAnimalsKeepsOneCategory() {
    #expect(AnimalsState.selectAnimals(categoryId: "Mammal")(state) == .byID([.dog, .cat, .kangaroo, .gibbon]))
    #expect(AnimalsState.selectAnimals(categoryId: "Bird")(state) == .byID([.sparrow]))
    #expect(AnimalsState.selectAnimals(categoryId: "Fish")(state).isEmpty)
    #expect(AnimalsState.selectAnimals(categoryId: nil)(state).isEmpty)
  }

  @Test func selectAnimalsValuesSortsForwardAndReverse() {
    let forward = AnimalsState.selectAnimalsValues(categoryId: "Mammal", sort: \.name)(state)
    #expect(forward.map(\.name) == ["Cat", "Dog", "Red kangaroo", "Southern gibbon"])
    let reverse = AnimalsState.selectAnimalsValues(categoryId: "Mammal", sort: \.name, order: .reverse)(state)
    #expect(reverse.map(\.name) == ["Southern gibbon", "Red kangaroo", "Dog", "Cat"])
    let byID = AnimalsState.selectAnimalsValues(categoryId: "Mammal", sort: \.animalId)(state)
    #expect(byID.map(\.animalId) == ["Bibbon", "Cat", "Dog", "Kangaroo"])
  }

  @Test func selectAnimalsValuesBreaksTiesByID() {
    var state = self.state
    state.animals.data["Cat2"] = Animal(animalId: "Cat2", name: "Cat", diet: .omnivorous, categoryId: "Mammal")
    let forward = AnimalsState.selectAnimalsValues(categoryId: "Mammal", sort: \.name)(state)
    #expect(forward.map(\.animalId) == ["Cat", "Cat2", "Dog", "Kangaroo", "Bibbon"])
    let reverse = AnimalsState.selectAnimalsValues(categoryId: "Mammal", sort: \.name, order: .reverse)(state)
    #expect(reverse.map(\.animalId) == ["Bibbon", "Kangaroo", "Dog", "Cat2", "Cat"])
  }

  @Test func selectAnimalsValuesOfNoCategoryIsEmpty() {
    #expect(AnimalsState.selectAnimalsValues(categoryId: nil, sort: \.name)(state).isEmpty)
    #expect(AnimalsState.selectAnimalsValues(categoryId: nil, sort: \.name, order: .reverse)(state).isEmpty)
  }

  @Test func selectAnimalsStatusReadsTheStatus() {
    var state = self.state
    state.animals.status = .waiting
    #expect(AnimalsState.selectAnimalsStatus()(state) == .waiting)
  }

  @Test func selectAnimalByID() {
    #expect(AnimalsState.selectAnimal(animalId: "Bibbon")(state) == .gibbon)
    #expect(AnimalsState.selectAnimal(animalId: "Zebra")(state) == nil)
    #expect(AnimalsState.selectAnimal(animalId: nil)(state) == nil)
  }

  @Test func selectAnimalStatusReadsTheQueue() {
    #expect(AnimalsState.selectAnimalStatus(animalId: "Cat")(state) == .waiting)
    #expect(AnimalsState.selectAnimalStatus(animalId: "Dog")(state) == .failure(error: "boom"))
    #expect(AnimalsState.selectAnimalStatus(animalId: "Newt")(state) == nil)
    #expect(AnimalsState.selectAnimalStatus(animalId: nil)(state) == nil)
  }
}
