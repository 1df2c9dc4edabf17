import AnimalsData
import ReplShell
import ReplShellDomain

/// The Animals persistent store in memory, every query and mutation held by an `EffectScheduler`
/// until it completes or fails: the seam `use animals --effects` and `explore --effects` drive.
/// It starts with the sample data, as a new database does.
@MainActor final class ScheduledAnimalsStore: PersistentSessionPersistentStore {
  private let scheduler: EffectScheduler
  private let makeAnimalID: @Sendable () -> String
  private var animals: [Animal.ID: Animal]
  private var categories: [AnimalsData.Category.ID: AnimalsData.Category]

  init(scheduler: EffectScheduler, makeAnimalID: @escaping @Sendable () -> String) {
    self.scheduler = scheduler
    self.makeAnimalID = makeAnimalID
    self.animals = Self.samples.animals
    self.categories = Self.samples.categories
  }

  private static var samples: (animals: [Animal.ID: Animal], categories: [AnimalsData.Category.ID: AnimalsData.Category]) {
    (Dictionary(uniqueKeysWithValues: Animal.samples.map { ($0.id, $0) }),
     Dictionary(uniqueKeysWithValues: AnimalsData.Category.samples.map { ($0.id, $0) }))
  }

  func fetchAnimalsQuery() async throws -> [Animal] {
    try await scheduler.perform("fetchAnimalsQuery") { self.animals.values.sorted { $0.animalId < $1.animalId } }
  }

  func addAnimalMutation(name: String, diet: Animal.Diet, categoryId: String) async throws -> Animal {
    try await scheduler.perform("addAnimalMutation(name: \(String(reflecting: name)), categoryId: \(String(reflecting: categoryId)))") {
      guard self.categories[categoryId] != nil else { throw LocalStore.Error(code: .categoryNotFound, id: categoryId) }
      let animal = Animal(animalId: self.makeAnimalID(), name: name, diet: diet, categoryId: categoryId)
      self.animals[animal.id] = animal
      return animal
    }
  }

  func updateAnimalMutation(animalId: String, name: String, diet: Animal.Diet, categoryId: String) async throws -> Animal {
    try await scheduler.perform("updateAnimalMutation(animalId: \(String(reflecting: animalId)), name: \(String(reflecting: name)))") {
      guard self.animals[animalId] != nil else { throw LocalStore.Error(code: .animalNotFound, id: animalId) }
      guard self.categories[categoryId] != nil else { throw LocalStore.Error(code: .categoryNotFound, id: categoryId) }
      let animal = Animal(animalId: animalId, name: name, diet: diet, categoryId: categoryId)
      self.animals[animalId] = animal
      return animal
    }
  }

  func deleteAnimalMutation(animalId: String) async throws -> Animal {
    try await scheduler.perform("deleteAnimalMutation(animalId: \(String(reflecting: animalId)))") {
      guard let animal = self.animals.removeValue(forKey: animalId) else { throw LocalStore.Error(code: .animalNotFound, id: animalId) }
      return animal
    }
  }

  func fetchCategoriesQuery() async throws -> [AnimalsData.Category] {
    try await scheduler.perform("fetchCategoriesQuery") { self.categories.values.sorted { $0.categoryId < $1.categoryId } }
  }

  func reloadSampleDataMutation() async throws -> (animals: [Animal], categories: [AnimalsData.Category]) {
    try await scheduler.perform("reloadSampleDataMutation") {
      (self.animals, self.categories) = Self.samples
      return (self.animals.values.sorted { $0.animalId < $1.animalId }, self.categories.values.sorted { $0.categoryId < $1.categoryId })
    }
  }
}
