/// The queries and mutations the Animals side effects need from a persistent store,
/// local (`LocalStore`) or remote (`RemoteStore`).
public protocol PersistentSessionPersistentStore: Sendable {
  /// Reads every animal.
  func fetchAnimalsQuery() async throws -> [Animal]
  /// Adds a new animal; the store assigns its id.
  func addAnimalMutation(name: String, diet: Animal.Diet, categoryId: String) async throws -> Animal
  /// Replaces the name, diet and category of the animal with `animalId`.
  func updateAnimalMutation(animalId: String, name: String, diet: Animal.Diet, categoryId: String) async throws -> Animal
  /// Deletes the animal with `animalId` and returns it as it was.
  func deleteAnimalMutation(animalId: String) async throws -> Animal
  /// Reads every category.
  func fetchCategoriesQuery() async throws -> [Category]
  /// Replaces all animals and categories with the sample data and returns it.
  func reloadSampleDataMutation() async throws -> (animals: [Animal], categories: [Category])
}
