import Foundation
import GRDB

/// The SQLite database that caches quakes between launches, in a file or in memory.
///
/// A file database runs in WAL mode, so reads proceed while a batch is written; each mutation
/// is one transaction, so a batch is saved whole or not at all.
final public class LocalStore: Sendable {
  private let database: any DatabaseWriter

  /// Opens (creating if needed) the database at `path`, or a private in-memory database when
  /// `path` is nil, and brings its schema up to date.
  public init(path: String? = nil) throws {
    if let path {
      self.database = try DatabasePool(path: path)
    } else {
      self.database = try DatabaseQueue()
    }
    try Self.migrator.migrate(self.database)
  }
}

extension LocalStore {
  // Times are stored as seconds since 2001-01-01 (Date's own representation), so a Date reads back
  // bit for bit as it was written.
  private static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("createQuake") { db in
      try db.create(table: "quake") { table in
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

  private static let selectSQL = """
    SELECT quakeId, magnitude, time, updated, name, longitude, latitude FROM quake ORDER BY quakeId
    """

  private static let upsertSQL = """
    INSERT INTO quake (quakeId, magnitude, time, updated, name, longitude, latitude)
    VALUES (?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT(quakeId) DO UPDATE SET
      magnitude = excluded.magnitude, time = excluded.time, updated = excluded.updated,
      name = excluded.name, longitude = excluded.longitude, latitude = excluded.latitude
    """

  private static let deleteSQL = "DELETE FROM quake WHERE quakeId = ?"

  private static func quake(row: Row) -> Quake {
    Quake(
      quakeId: row[0],
      magnitude: row[1],
      time: Date(timeIntervalSinceReferenceDate: row[2]),
      updated: Date(timeIntervalSinceReferenceDate: row[3]),
      name: row[4],
      longitude: row[5],
      latitude: row[6]
    )
  }

  private static func arguments(quake: Quake) -> StatementArguments {
    [
      quake.quakeId,
      quake.magnitude,
      quake.time.timeIntervalSinceReferenceDate,
      quake.updated.timeIntervalSinceReferenceDate,
      quake.name,
      quake.longitude,
      quake.latitude,
    ]
  }
}

extension LocalStore: PersistentSessionLocalStore {
  /// Returns every saved quake, ordered by id.
  public func fetchLocalQuakesQuery() async throws -> [Quake] {
    try await self.database.read { db in
      try Array(Row.fetchCursor(db, sql: Self.selectSQL).map(Self.quake(row:)))
    }
  }

  /// Saves inserted and updated quakes (an insert of a known id overwrites it) and removes
  /// deleted ones, in one transaction.
  public func didFetchRemoteQuakesMutation(inserted: [Quake], updated: [Quake], deleted: [Quake]) async throws {
    try await self.database.write { db in
      let upsert = try db.cachedStatement(sql: Self.upsertSQL)
      for quake in inserted {
        try upsert.execute(arguments: Self.arguments(quake: quake))
      }
      for quake in updated {
        try upsert.execute(arguments: Self.arguments(quake: quake))
      }
      let delete = try db.cachedStatement(sql: Self.deleteSQL)
      for quake in deleted {
        try delete.execute(arguments: [quake.quakeId])
      }
    }
  }

  /// Deletes the quake with `quakeId`; deleting an id that is not saved does nothing.
  public func deleteLocalQuakeMutation(quakeId: Quake.ID) async throws {
    try await self.database.write { db in
      try db.execute(sql: Self.deleteSQL, arguments: [quakeId])
    }
  }

  /// Deletes every saved quake.
  public func deleteLocalQuakesMutation() async throws {
    try await self.database.write { db in
      try db.execute(sql: "DELETE FROM quake")
    }
  }
}
