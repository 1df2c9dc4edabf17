import AnimalsData
import Foundation
import Testing

@Suite struct ValuesTests {
  @Test func theSampleDataIsTheGuides() {
    #expect(Category.samples.map(\.id) == ["Amphibian", "Bird", "Fish", "Invertebrate", "Mammal", "Reptile"])
    #expect(Category.samples.allSatisfy { $0.categoryId == $0.name })
    #expect(
      Animal.samples == [
        Animal(animalId: "Bibbon", name: "Southern gibbon", diet: .herbivorous, categoryId: "Mammal"),
        Animal(animalId: "Cat", name: "Cat", diet: .carnivorous, categoryId: "Mammal"),
        Animal(animalId: "Dog", name: "Dog", diet: .carnivorous, categoryId: "Mammal"),
        Animal(animalId: "Kangaroo", name: "Red kangaroo", diet: .herbivorous, categoryId: "Mammal"),
        Animal(animalId: "Newt", name: "Newt", diet: .carnivorous, categoryId: "Amphibian"),
        Animal(animalId: "Sparrow", name: "House sparrow", diet: .omnivorous, categoryId: "Bird"),
      ])
    #expect(Animal.gibbon.id == "Bibbon")
  }

  @Test func dietsUseTheGuidesRawValues() {
    #expect(Animal.Diet.allCases.map(\.rawValue) == ["Herbivore", "Carnivore", "Omnivore"])
  }

  @Test func valuesEncodeWithSynthesizedKeys() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(Animal.cat), as: UTF8.self)
        == #"{"animalId":"Cat","categoryId":"Mammal","diet":"Carnivore","name":"Cat"}"#)
    #expect(String(decoding: try encoder.encode(Status.failure(error: "boom")), as: UTF8.self) == #"{"failure":{"error":"boom"}}"#)
  }

  @Test func stateAndActionsRoundTripThroughCodable() throws {
    let state = AnimalsState.samples(queue: ["Cat": .waiting, "Dog": .failure(error: "boom"), "Newt": .empty])
    #expect(try JSONDecoder().decode(AnimalsState.self, from: JSONEncoder().encode(state)) == state)
    let actions: [AnimalsAction] = [
      .ui(.categoryList(.onAppear)),
      .ui(.animalEditor(.onTapAddAnimalButton(id: "T", name: "Eagle", diet: .carnivorous, categoryId: "Bird"))),
      .data(.persistentSession(.didReloadSampleData(result: .success(animals: Animal.samples, categories: Category.samples)))),
      .data(.persistentSession(.didDeleteAnimal(animalId: "Cat", result: .failure(error: "boom")))),
    ]
    #expect(try JSONDecoder().decode([AnimalsAction].self, from: JSONEncoder().encode(actions)) == actions)
  }
}
