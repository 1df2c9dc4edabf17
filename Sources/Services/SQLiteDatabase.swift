import GRDB

/// How both domains open their local SQLite databases: a file in WAL mode (a `DatabasePool`, so
/// reads go on while a write commits) or a private in-memory database, with the same busy timeout.
package enum SQLiteDatabase {
  /// How long a writer waits for another connection's lock before failing.
  package static let busyTimeout: Double = 5

  /// The database at `path`, created if missing, or an in-memory one when `path` is nil.
  package static func open(path: String?) throws -> any DatabaseWriter {
    var configuration = Configuration()
    configuration.busyMode = .timeout(Self.busyTimeout)
    if let path {
      return try DatabasePool(path: path, configuration: configuration)
    }
    return try DatabaseQueue(configuration: configuration)
  }
}
