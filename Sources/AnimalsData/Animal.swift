/// An animal in the catalog: a name, what it eats, and the category it belongs to.
public struct Animal: Hashable, Codable, Sendable {
  /// The animal's identity, unique in the catalog.
  public let animalId: String
  /// The name shown to users.
  public let name: String
  /// What the animal eats.
  public let diet: Diet
  /// The id of the category the animal belongs to.
  public let categoryId: String

  /// Creates an animal that belongs to the category with id `categoryId`.
  package init(
    animalId: String,
    name: String,
    diet: Diet,
    categoryId: String
  ) {
    self.animalId = animalId
    self.name = name
    self.diet = diet
    self.categoryId = categoryId
  }
}

extension Animal: Identifiable {
  /// The animal's identity: its `animalId`.
  public var id: String {
    self.animalId
  }
}

extension Animal {
  /// What an animal eats; the raw value is the label shown to people and stored on disk.
  public enum Diet: String, CaseIterable, Hashable, Codable, Sendable {
    case herbivorous = "Herbivore"
    case carnivorous = "Carnivore"
    case omnivorous = "Omnivore"
  }
}

extension Animal {
  /// The dog sample animal.
  public static let dog = Self(animalId: "Dog", name: "Dog", diet: .carnivorous, categoryId: "Mammal")
  /// The cat sample animal.
  public static let cat = Self(animalId: "Cat", name: "Cat", diet: .carnivorous, categoryId: "Mammal")
  /// The red kangaroo sample animal.
  public static let kangaroo = Self(
    animalId: "Kangaroo", name: "Red kangaroo", diet: .herbivorous, categoryId: "Mammal")
  /// The southern gibbon sample animal (its id is "Bibbon", as in the guide).
  public static let gibbon = Self(
    animalId: "Bibbon", name: "Southern gibbon", diet: .herbivorous, categoryId: "Mammal")
  /// The house sparrow sample animal.
  public static let sparrow = Self(
    animalId: "Sparrow", name: "House sparrow", diet: .omnivorous, categoryId: "Bird")
  /// The newt sample animal.
  public static let newt = Self(animalId: "Newt", name: "Newt", diet: .carnivorous, categoryId: "Amphibian")

  /// The six sample animals a new database starts with, sorted by id.
  public static let samples: [Self] = [.gibbon, .cat, .dog, .kangaroo, .newt, .sparrow]
}
