/// A group that animals belong to, such as mammals or birds.
public struct Category: Hashable, Codable, Sendable {
  /// The category's identity; animals refer to it by this id.
  public let categoryId: String
  /// The name shown to users.
  public let name: String

  /// Creates a category; its id is how animals refer to it.
  package init(
    categoryId: String,
    name: String
  ) {
    self.categoryId = categoryId
    self.name = name
  }
}

extension Category: Identifiable {
  /// The category's identity: its `categoryId`.
  public var id: String {
    self.categoryId
  }
}

extension Category {
  /// The amphibian sample category.
  public static let amphibian = Self(categoryId: "Amphibian", name: "Amphibian")
  /// The bird sample category.
  public static let bird = Self(categoryId: "Bird", name: "Bird")
  /// The fish sample category.
  public static let fish = Self(categoryId: "Fish", name: "Fish")
  /// The invertebrate sample category.
  public static let invertebrate = Self(categoryId: "Invertebrate", name: "Invertebrate")
  /// The mammal sample category.
  public static let mammal = Self(categoryId: "Mammal", name: "Mammal")
  /// The reptile sample category.
  public static let reptile = Self(categoryId: "Reptile", name: "Reptile")

  /// The six sample categories a new database starts with, sorted by id.
  public static let samples: [Self] = [.amphibian, .bird, .fish, .invertebrate, .mammal, .reptile]
}
