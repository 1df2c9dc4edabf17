import AnimalsData
import Logging
import PostgresNIO

/// The tables of the PostgreSQL store, the migrations that create them, and the reading of their rows.
///
/// Migrations run once per database, in one transaction that first takes an advisory lock: two
/// servers starting at once on an empty database run them one after the other, and the second
/// finds them applied, so the sample data is inserted exactly once.
enum PostgresSchema {
  /// One step of the schema's history, named as the SQLite store names its migrations.
  struct Migration: Sendable {
    let name: String
    let apply: @Sendable (PostgresConnection, Logger) async throws -> Void
  }

  /// The key of the advisory lock that serializes migrations and sample-data reloads.
  static let advisoryLockKey: Int64 = 0x416e_696d_616c_73  // "Animals"

  /// Every migration, oldest first.
  static let migrations: [Migration] = [
    Migration(name: "createCategoryAndAnimal") { connection, logger in
      try await connection.query(
        "CREATE TABLE category (category_id TEXT PRIMARY KEY, name TEXT NOT NULL)", logger: logger)
      try await connection.query(
        """
        CREATE TABLE animal (
          animal_id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          diet TEXT NOT NULL,
          category_id TEXT NOT NULL
        )
        """,
        logger: logger)
      try await connection.query("CREATE INDEX animal_category_id ON animal (category_id)", logger: logger)
    },
    Migration(name: "insertSampleData") { connection, logger in
      try await Self.insertSampleData(connection, logger: logger)
    },
  ]

  /// Applies the migrations `connection`'s database has not seen yet, in one transaction.
  static func migrate(_ connection: PostgresConnection, logger: Logger) async throws {
    try await connection.withTransaction(logger: logger) { connection in
      try await Self.lockSampleData(connection, logger: logger)
      try await connection.query(
        "CREATE TABLE IF NOT EXISTS schema_migration (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
        logger: logger)
      var applied: Set<String> = []
      for try await name in try await connection.query("SELECT name FROM schema_migration", logger: logger).decode(String.self) {
        applied.insert(name)
      }
      for migration in Self.migrations where !applied.contains(migration.name) {
        logger.info("applying migration \(migration.name)")
        try await migration.apply(connection, logger)
        try await connection.query("INSERT INTO schema_migration (name) VALUES (\(migration.name))", logger: logger)
      }
    }
  }

  /// Takes the advisory lock until the end of the current transaction.
  static func lockSampleData(_ connection: PostgresConnection, logger: Logger) async throws {
    try await connection.query("SELECT pg_advisory_xact_lock(\(Self.advisoryLockKey))", logger: logger)
  }

  /// Inserts the sample categories and animals, one statement each.
  static func insertSampleData(_ connection: PostgresConnection, logger: Logger) async throws {
    let categories = Category.samples
    try await connection.query(
      """
      INSERT INTO category (category_id, name)
      SELECT * FROM unnest(\(categories.map(\.categoryId))::text[], \(categories.map(\.name))::text[])
      """,
      logger: logger)
    let animals = Animal.samples
    try await connection.query(
      """
      INSERT INTO animal (animal_id, name, diet, category_id)
      SELECT * FROM unnest(\(animals.map(\.animalId))::text[], \(animals.map(\.name))::text[],
                           \(animals.map(\.diet.rawValue))::text[], \(animals.map(\.categoryId))::text[])
      """,
      logger: logger)
  }
}

extension PostgresSchema {
  /// Every animal, in the byte order of their ids as SQLite sorts them.
  static let selectAnimals: PostgresQuery =
    #"SELECT animal_id, name, diet, category_id FROM animal ORDER BY animal_id COLLATE "C""#

  /// Every category, in the byte order of their ids.
  static let selectCategories: PostgresQuery =
    #"SELECT category_id, name FROM category ORDER BY category_id COLLATE "C""#

  /// The animals in `rows` of (animal_id, name, diet, category_id).
  static func animals(in rows: PostgresRowSequence) async throws -> [Animal] {
    var animals: [Animal] = []
    for try await (animalId, name, dietName, categoryId) in rows.decode((String, String, String, String).self) {
      guard let diet = Animal.Diet(rawValue: dietName) else {
        throw UnknownDiet(animalId: animalId, diet: dietName)
      }
      animals.append(Animal(animalId: animalId, name: name, diet: diet, categoryId: categoryId))
    }
    return animals
  }

  /// The categories in `rows` of (category_id, name).
  static func categories(in rows: PostgresRowSequence) async throws -> [Category] {
    var categories: [Category] = []
    for try await (categoryId, name) in rows.decode((String, String).self) {
      categories.append(Category(categoryId: categoryId, name: name))
    }
    return categories
  }

  /// A row whose diet is none of `Animal.Diet`'s: written by something other than this store.
  struct UnknownDiet: Error, CustomStringConvertible {
    let animalId: String
    let diet: String

    var description: String {
      "animal \(String(reflecting: self.animalId)) has the unknown diet \(String(reflecting: self.diet))"
    }
  }
}
