import AnimalsData

/// A planted bug, for the stress tests only: a store that updates an animal as two separate
/// read-then-write steps outside any transaction, the name first, then the diet and category,
/// as a hand-rolled "partial update" might. Between the two steps other clients see an animal
/// nobody asked for (the new name with the old diet), and two such updates at once can leave
/// one's name with the other's diet: a stale read and a lost update.
struct TwoStatementUpdateStore: PersistentSessionPersistentStore {
  let base: any PersistentSessionPersistentStore

  func fetchAnimalsQuery() async throws -> [Animal] {
    try await base.fetchAnimalsQuery()
  }

  func addAnimalMutation(name: String, diet: Animal.Diet, categoryId: String) async throws -> Animal {
    try await base.addAnimalMutation(name: name, diet: diet, categoryId: categoryId)
  }

  func updateAnimalMutation(animalId: String, name: String, diet: Animal.Diet, categoryId: String) async throws -> Animal {
    // Step one: the name, keeping the diet and category as read.
    let before = try await current(animalId)
    _ = try await base.updateAnimalMutation(animalId: animalId, name: name, diet: before.diet, categoryId: before.categoryId)
    // Step two: the diet and category, keeping the name as read now.
    let between = try await current(animalId)
    _ = try await base.updateAnimalMutation(animalId: animalId, name: between.name, diet: diet, categoryId: categoryId)
    // It answers what was asked, as if both steps were one.
    return Animal(animalId: animalId, name: name, diet: diet, categoryId: categoryId)
  }

  func deleteAnimalMutation(animalId: String) async throws -> Animal {
    try await base.deleteAnimalMutation(animalId: animalId)
  }

  func fetchCategoriesQuery() async throws -> [Category] {
    try await base.fetchCategoriesQuery()
  }

  func reloadSampleDataMutation() async throws -> (animals: [Animal], categories: [Category]) {
    try await base.reloadSampleDataMutation()
  }

  private func current(_ animalId: String) async throws -> Animal {
    guard let animal = try await base.fetchAnimalsQuery().first(where: { $0.animalId == animalId }) else {
      throw LocalStore.Error(code: .animalNotFound, id: animalId)
    }
    return animal
  }
}
