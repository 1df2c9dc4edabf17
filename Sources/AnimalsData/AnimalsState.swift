import Foundation
import HashTreeCollections

/// The Animals domain's global state: the categories and animals read from the persistent store,
/// with the status of each query and of each pending mutation.
public struct AnimalsState: Hashable, Codable, Sendable {
  package var categories: Categories
  package var animals: Animals

  /// Creates a state from its two parts.
  package init(
    categories: Categories,
    animals: Animals
  ) {
    self.categories = categories
    self.animals = animals
  }
}

extension AnimalsState {
  /// An empty state: nothing fetched yet, no status, nothing queued.
  public init() {
    self.init(categories: Categories(), animals: Animals())
  }
}

extension AnimalsState {
  /// The categories by id, and the status of the query that reads them.
  public struct Categories: Hashable, Codable, Sendable {
    package var data: TreeDictionary<Category.ID, Category>
    package var status: Status?

    /// Creates the categories part of the state.
    package init(
      data: TreeDictionary<Category.ID, Category> = [:],
      status: Status? = nil
    ) {
      self.data = data
      self.status = status
    }
  }
}

extension AnimalsState {
  /// The animals by id, the status of the query that reads them, and the status of each
  /// mutation by the animal id it concerns.
  public struct Animals: Hashable, Codable, Sendable {
    package var data: TreeDictionary<Animal.ID, Animal>
    package var status: Status?
    package var queue: TreeDictionary<Animal.ID, Status>

    /// Creates the animals part of the state.
    package init(
      data: TreeDictionary<Animal.ID, Animal> = [:],
      status: Status? = nil,
      queue: TreeDictionary<Animal.ID, Status> = [:]
    ) {
      self.data = data
      self.status = status
      self.queue = queue
    }
  }
}

extension AnimalsState {
  /// Selects every category by id.
  public static func selectCategories() -> @Sendable (Self) -> TreeDictionary<Category.ID, Category> {
    { state in state.categories.data }
  }

  /// Selects every category, sorted by `sort` in `order` (ties broken by id, so the result is deterministic).
  public static func selectCategoriesValues(
    sort keyPath: KeyPath<Category, some Comparable> & Sendable,
    order: SortOrder = .forward
  ) -> @Sendable (Self) -> [Category] {
    let descriptors = [SortDescriptor(keyPath, order: order), SortDescriptor(\Category.categoryId, order: order)]
    return { state in state.categories.data.values.sorted(using: descriptors) }
  }

  /// Selects the status of the categories query.
  public static func selectCategoriesStatus() -> @Sendable (Self) -> Status? {
    { state in state.categories.status }
  }

  /// Selects the category with `categoryId`; nil when the id is nil or unknown.
  public static func selectCategory(categoryId: Category.ID?) -> @Sendable (Self) -> Category? {
    { state in state.category(categoryId: categoryId) }
  }

  /// Selects the category of the animal with `animalId`; nil when the id is nil or unknown.
  public static func selectCategory(animalId: Animal.ID?) -> @Sendable (Self) -> Category? {
    { state in state.category(categoryId: state.animal(animalId: animalId)?.categoryId) }
  }
}

extension AnimalsState {
  /// Selects the animals of the category with `categoryId` by id; empty when the id is nil.
  public static func selectAnimals(categoryId: Category.ID?) -> @Sendable (Self) -> TreeDictionary<Animal.ID, Animal> {
    { state in state.animals(categoryId: categoryId) }
  }

  /// Selects the animals of the category with `categoryId`, sorted by `sort` in `order`
  /// (ties broken by id); empty when the id is nil.
  public static func selectAnimalsValues(
    categoryId: Category.ID?,
    sort keyPath: KeyPath<Animal, some Comparable> & Sendable,
    order: SortOrder = .forward
  ) -> @Sendable (Self) -> [Animal] {
    let descriptors = [SortDescriptor(keyPath, order: order), SortDescriptor(\Animal.animalId, order: order)]
    return { state in state.animals(categoryId: categoryId).values.sorted(using: descriptors) }
  }

  /// Selects the status of the animals query.
  public static func selectAnimalsStatus() -> @Sendable (Self) -> Status? {
    { state in state.animals.status }
  }

  /// Selects the animal with `animalId`; nil when the id is nil or unknown.
  public static func selectAnimal(animalId: Animal.ID?) -> @Sendable (Self) -> Animal? {
    { state in state.animal(animalId: animalId) }
  }

  /// Selects the status of the latest mutation on the animal with `animalId`; nil when there is none.
  public static func selectAnimalStatus(animalId: Animal.ID?) -> @Sendable (Self) -> Status? {
    { state in
      guard let animalId else { return nil }
      return state.animals.queue[animalId]
    }
  }
}

extension AnimalsState {
  package func category(categoryId: Category.ID?) -> Category? {
    guard let categoryId else { return nil }
    return self.categories.data[categoryId]
  }

  package func animal(animalId: Animal.ID?) -> Animal? {
    guard let animalId else { return nil }
    return self.animals.data[animalId]
  }

  package func animals(categoryId: Category.ID?) -> TreeDictionary<Animal.ID, Animal> {
    guard let categoryId else { return [:] }
    return self.animals.data.filter { $0.value.categoryId == categoryId }
  }
}
