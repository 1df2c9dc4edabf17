import Foundation
import GRDB
import Services

/// A persistent store on a local SQLite database: a file (in WAL mode) or, with no path, memory.
///
/// A new database is created with the sample animals and categories. Every mutation runs in one
/// transaction, so a mutation that returned is on disk and survives the process being killed.
final public class LocalStore: Sendable {
  private let database: any DatabaseWriter
  private let makeAnimalID: @Sendable () -> String

  /// Opens (creating and migrating it if needed) the database at `path`, or an in-memory one
  /// when `path` is nil; `makeAnimalID` names each new animal.
  public init(
    path: String? = nil,
    makeAnimalID: @escaping @Sendable () -> String = { UUID().uuidString }
  ) throws {
    self.database = try SQLiteDatabase.open(path: path)
    self.makeAnimalID = makeAnimalID
    try Self.migrator.migrate(self.database)
  }

  /// Opens (creating and migrating it if needed) the database at the file `url`, as the guide's clients do.
  public convenience init(
    url: URL,
    makeAnimalID: @escaping @Sendable () -> String = { UUID().uuidString }
  ) throws {
    try self.init(path: url.path, makeAnimalID: makeAnimalID)
  }
}

extension LocalStore {
  /// Why the local store refused a mutation.
  public struct Error: Swift.Error, Hashable, Sendable {
    /// The kinds of refusal.
    public enum Code: Hashable, Sendable {
      case animalNotFound
      case categoryNotFound
    }

    /// What was not found: an animal or a category.
    public let code: Code
    /// The id of the animal or category that was not found.
    public let id: String

    /// Creates an error with `code` about the animal or category with `id`.
    package init(code: Code, id: String) {
      self.code = code
      self.id = id
    }
  }
}

extension LocalStore.Error: CustomStringConvertible {
  /// The error as Swift writes it: `LocalStore.Error(code: .animalNotFound, id: "Cat")`.
  public var description: String {
    "LocalStore.Error(code: .\(self.code), id: \(String(reflecting: self.id)))"
  }
}

extension LocalStore {
  /// The schema, and the sample data a new database starts with; each migration runs once per database.
  private static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("createCategoryAndAnimal") { db in
      try db.create(table: CategoryRecord.databaseTableName) { table in
        table.primaryKey("categoryId", .text)
        table.column("name", .text).notNull()
      }
      try db.create(table: AnimalRecord.databaseTableName) { table in
        table.primaryKey("animalId", .text)
        table.column("name", .text).notNull()
        table.column("diet", .text).notNull()
        table.column("categoryId", .text).notNull().indexed()
      }
    }
    migrator.registerMigration("insertSampleData") { db in
      try Self.insertSampleData(db)
    }
    return migrator
  }

  private static func insertSampleData(_ db: Database) throws {
    for category in Category.samples {
      try CategoryRecord(category).insert(db)
    }
    for animal in Animal.samples {
      try AnimalRecord(animal).insert(db)
    }
  }
}

extension LocalStore: PersistentSessionPersistentStore {
  /// Reads every animal from the database.
  public func fetchAnimalsQuery() async throws -> [Animal] {
    try await self.database.read(Self.fetchAnimals)
  }

  /// Inserts an animal with a new id; throws `categoryNotFound` when no category has `categoryId`.
  public func addAnimalMutation(name: String, diet: Animal.Diet, categoryId: String) async throws -> Animal {
    let record = AnimalRecord(animalId: self.makeAnimalID(), name: name, diet: diet, categoryId: categoryId)
    return try await self.database.write { db in
      try Self.requireCategory(categoryId: categoryId, db)
      try record.insert(db)
      return record.animal
    }
  }

  /// Updates the animal's name, diet and category in one write; throws when the animal or the category is missing.
  public func updateAnimalMutation(
    animalId: String,
    name: String,
    diet: Animal.Diet,
    categoryId: String
  ) async throws -> Animal {
    try await self.database.write { db in
      var record = try Self.requireAnimal(animalId: animalId, db)
      try Self.requireCategory(categoryId: categoryId, db)
      record.name = name
      record.diet = diet
      record.categoryId = categoryId
      try record.update(db)
      return record.animal
    }
  }

  /// Deletes the animal and returns it as it was; throws `animalNotFound` when there is none with `animalId`.
  public func deleteAnimalMutation(animalId: String) async throws -> Animal {
    try await self.database.write { db in
      let record = try Self.requireAnimal(animalId: animalId, db)
      try record.delete(db)
      return record.animal
    }
  }

  /// Reads every category from the database.
  public func fetchCategoriesQuery() async throws -> [Category] {
    try await self.database.read(Self.fetchCategories)
  }

  /// Deletes every animal and category and inserts the sample data again, in one write; returns what is stored after it.
  public func reloadSampleDataMutation() async throws -> (animals: [Animal], categories: [Category]) {
    try await self.database.write { db in
      try AnimalRecord.deleteAll(db)
      try CategoryRecord.deleteAll(db)
      try Self.insertSampleData(db)
      return (animals: try Self.fetchAnimals(db), categories: try Self.fetchCategories(db))
    }
  }
}

extension LocalStore {
  @Sendable private static func fetchAnimals(_ db: Database) throws -> [Animal] {
    try AnimalRecord.order(Column("animalId")).fetchAll(db).map(\.animal)
  }

  @Sendable private static func fetchCategories(_ db: Database) throws -> [Category] {
    try CategoryRecord.order(Column("categoryId")).fetchAll(db).map(\.category)
  }

  private static func requireAnimal(animalId: String, _ db: Database) throws -> AnimalRecord {
    guard let record = try AnimalRecord.fetchOne(db, key: animalId) else {
      throw Error(code: .animalNotFound, id: animalId)
    }
    return record
  }

  private static func requireCategory(categoryId: String, _ db: Database) throws {
    guard try CategoryRecord.exists(db, key: categoryId) else {
      throw Error(code: .categoryNotFound, id: categoryId)
    }
  }
}
