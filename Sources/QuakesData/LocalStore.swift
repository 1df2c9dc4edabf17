import Foundation
import GRDB
import Services

/// The SQLite database that caches quakes between launches, in a file or in memory.
///
/// A file database runs in WAL mode, so reads proceed while a batch is written; each mutation
/// is one transaction, so a batch is saved whole or not at all.
final public class LocalStore: Sendable {
  private let database: any DatabaseWriter

  /// Opens (creating if needed) the database at `path`, or a private in-memory database when
  /// `path` is nil, and brings its schema up to date.
  public init(path: String? = nil) throws {
    self.database = try SQLiteDatabase.open(path: path)
    try Self.migrator.migrate(self.database)
  }
}

extension LocalStore {
  /// The schema; each migration runs once per database.
  private static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("createQuake") { db in
      try db.create(table: QuakeRecord.databaseTableName) { table in
        table.primaryKey("quakeId", .text)
        table.column("magnitude", .double).notNull()
        table.column("time", .double).notNull()
        table.column("updated", .double).notNull()
        table.column("name", .text).notNull()
        table.column("longitude", .double).notNull()
        table.column("latitude", .double).notNull()
      }
    }
    return migrator
  }
}

extension LocalStore: PersistentSessionLocalStore {
  /// Returns every saved quake, ordered by id.
  public func fetchLocalQuakesQuery() async throws -> [Quake] {
    try await self.database.read { db in
      try QuakeRecord.order(Column("quakeId")).fetchAll(db).map(\.quake)
    }
  }

  /// Saves inserted and updated quakes (an insert of a known id overwrites it) and removes
  /// deleted ones, in one transaction.
  public func didFetchRemoteQuakesMutation(inserted: [Quake], updated: [Quake], deleted: [Quake]) async throws {
    try await self.database.write { db in
      for quake in inserted + updated {
        try QuakeRecord(quake).upsert(db)
      }
      for quake in deleted {
        _ = try QuakeRecord.deleteOne(db, key: quake.quakeId)
      }
    }
  }

  /// Deletes the quake with `quakeId`; deleting an id that is not saved does nothing.
  public func deleteLocalQuakeMutation(quakeId: Quake.ID) async throws {
    try await self.database.write { db in
      _ = try QuakeRecord.deleteOne(db, key: quakeId)
    }
  }

  /// Deletes every saved quake.
  public func deleteLocalQuakesMutation() async throws {
    try await self.database.write { db in
      _ = try QuakeRecord.deleteAll(db)
    }
  }
}
