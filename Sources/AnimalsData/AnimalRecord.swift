import GRDB

/// The row of the `animal` table: an `Animal` as the local database stores it.
struct AnimalRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "animal"

  var animalId: String
  var name: String
  var diet: Animal.Diet
  var categoryId: String
}

extension AnimalRecord {
  /// The row that stores `animal`.
  init(_ animal: Animal) {
    self.init(animalId: animal.animalId, name: animal.name, diet: animal.diet, categoryId: animal.categoryId)
  }

  /// The value this row stores.
  var animal: Animal {
    Animal(animalId: self.animalId, name: self.name, diet: self.diet, categoryId: self.categoryId)
  }
}
