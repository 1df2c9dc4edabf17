import AnimalsData
import Foundation
import Logging
import NIOCore
import PostgresNIO
import ServiceLifecycle

/// A persistent store on a PostgreSQL database, so that several Animals servers can share one.
///
/// Run it as a service (its `run()` keeps the connection pool going) and call `prepare()` before
/// the first request: that creates the schema and the sample data exactly once, even when several
/// servers start at the same time on an empty database. Every mutation is one transaction, and
/// refusals are the `LocalStore.Error`s the SQLite store throws, so clients see the same answers.
public final class PostgresStore: Sendable {
  /// The database this store reads and writes.
  public let url: DatabaseURL
  private let client: PostgresClient
  private let connectTimeout: Duration
  private let logger: Logger
  private let makeAnimalID: @Sendable () -> String

  /// A store on the database at `url`, with a pool of at most `maximumConnections` connections;
  /// `connectTimeout` bounds each connection attempt and the whole of `prepare()`.
  public init(
    url: DatabaseURL,
    connectTimeout: Duration = .seconds(10),
    maximumConnections: Int = 20,
    logger: Logger,
    makeAnimalID: @escaping @Sendable () -> String = { UUID().uuidString }
  ) {
    self.url = url
    self.client = PostgresClient(
      configuration: url.clientConfiguration(connectTimeout: connectTimeout, maximumConnections: maximumConnections),
      backgroundLogger: logger
    )
    self.connectTimeout = connectTimeout
    self.logger = logger
    self.makeAnimalID = makeAnimalID
  }
}

extension PostgresStore: Service {
  /// Runs the connection pool until the task is cancelled or a graceful shutdown is triggered.
  public func run() async {
    await self.client.run()
  }
}

extension PostgresStore {
  /// Connects once, then migrates the schema and seeds the sample data if that was never done,
  /// in one transaction under an advisory lock; throws a `PrepareError` that says why not when
  /// the database cannot be reached, refuses the login, or does not answer within the connect timeout.
  public func prepare() async throws {
    do {
      // The connection's own timeout is a little longer, so the deadline below names the failure.
      let configuration = try self.url.connectionConfiguration(connectTimeout: self.connectTimeout + .seconds(1))
      try await Self.withDeadline(self.connectTimeout) { [logger] in
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
        do {
          try await PostgresSchema.migrate(connection, logger: logger)
        } catch {
          try? await connection.close()
          throw error
        }
        try await connection.close()
      }
    } catch {
      throw PrepareError(url: self.url, reason: Self.reason(error, timeout: self.connectTimeout))
    }
  }

  /// Why a store could not be prepared: which database, and what went wrong, in one line.
  public struct PrepareError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The database, without its password.
    public let url: DatabaseURL
    /// What went wrong: the server's message, the network error, or the timeout.
    public let reason: String

    /// `cannot use the database <url>: <reason>`, the password masked.
    public var description: String {
      "cannot use the database \(self.url): \(self.reason)"
    }
  }

  /// `operation`'s result, or a `DeadlineExceeded` error once `limit` has passed (cancelling it).
  private static func withDeadline(
    _ limit: Duration,
    _ operation: @escaping @Sendable () async throws -> Void
  ) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask(operation: operation)
      group.addTask {
        try await Task.sleep(for: limit)
        throw DeadlineExceeded()
      }
      defer { group.cancelAll() }
      try await group.next()
    }
  }

  private struct DeadlineExceeded: Error {}

  /// What a user can act on in `error`: PostgresNIO hides its details from `description`.
  private static func reason(_ error: any Error, timeout: Duration) -> String {
    switch error {
    // The connection's own timeout is a second longer than the deadline, but on a loaded machine
    // its timer (on the event loop) can fire before the deadline's task gets its turn: both mean
    // the same, and say it the same way.
    case is DeadlineExceeded, ChannelError.connectTimeout:
      return "no answer within \(timeout.components.seconds) seconds"
    case let error as PSQLError:
      if let message = error.serverInfo?[.message] {
        return message
      }
      if let underlying = error.underlying {
        return Self.reason(underlying, timeout: timeout)
      }
      return "\(error.code)"
    default:
      return String(describing: error)
    }
  }
}

extension PostgresStore {
  /// Runs `body` in one transaction on a pooled connection: committed when it returns, rolled
  /// back when it throws, in which case its own error is thrown (a refusal stays a refusal).
  private func transaction<Result: Sendable>(
    _ body: nonisolated(nonsending) (PostgresConnection) async throws -> sending Result
  ) async throws -> Result {
    do {
      return try await self.client.withTransaction(logger: self.logger, body)
    } catch let error as PostgresTransactionError {
      if let closureError = error.closureError, error.rollbackError == nil {
        throw closureError
      }
      throw error
    }
  }
}

extension PostgresStore: PersistentSessionPersistentStore {
  /// Reads every animal.
  public func fetchAnimalsQuery() async throws -> [Animal] {
    try await PostgresSchema.animals(in: self.client.query(PostgresSchema.selectAnimals, logger: self.logger))
  }

  /// Inserts an animal with a new id in one statement; throws `categoryNotFound` when no category has `categoryId`.
  public func addAnimalMutation(name: String, diet: Animal.Diet, categoryId: String) async throws -> Animal {
    let animalId = self.makeAnimalID()
    let rows = try await self.client.query(
      """
      INSERT INTO animal (animal_id, name, diet, category_id)
      SELECT \(animalId), \(name), \(diet.rawValue), category_id FROM category WHERE category_id = \(categoryId)
      RETURNING animal_id, name, diet, category_id
      """,
      logger: self.logger
    )
    guard let animal = try await PostgresSchema.animals(in: rows).first else {
      throw LocalStore.Error(code: .categoryNotFound, id: categoryId)
    }
    return animal
  }

  /// Updates the animal in a transaction; throws `animalNotFound` or `categoryNotFound` for whichever is missing, the animal first.
  public func updateAnimalMutation(
    animalId: String,
    name: String,
    diet: Animal.Diet,
    categoryId: String
  ) async throws -> Animal {
    try await self.transaction { [logger] connection in
      let rows = try await connection.query(
        """
        UPDATE animal SET name = \(name), diet = \(diet.rawValue), category_id = \(categoryId)
        WHERE animal_id = \(animalId) AND EXISTS (SELECT 1 FROM category WHERE category_id = \(categoryId))
        RETURNING animal_id, name, diet, category_id
        """,
        logger: logger
      )
      if let animal = try await PostgresSchema.animals(in: rows).first {
        return animal
      }
      // Nothing was updated: say which of the two was missing, the animal first as LocalStore does.
      let animalExists = try await connection.query(
        "SELECT 1 FROM animal WHERE animal_id = \(animalId)", logger: logger
      ).collect().isEmpty == false
      throw LocalStore.Error(code: animalExists ? .categoryNotFound : .animalNotFound, id: animalExists ? categoryId : animalId)
    }
  }

  /// Deletes the animal and returns it as it was; throws `animalNotFound` when there is none with `animalId`.
  public func deleteAnimalMutation(animalId: String) async throws -> Animal {
    let rows = try await self.client.query(
      "DELETE FROM animal WHERE animal_id = \(animalId) RETURNING animal_id, name, diet, category_id",
      logger: self.logger
    )
    guard let animal = try await PostgresSchema.animals(in: rows).first else {
      throw LocalStore.Error(code: .animalNotFound, id: animalId)
    }
    return animal
  }

  /// Reads every category.
  public func fetchCategoriesQuery() async throws -> [Category] {
    try await PostgresSchema.categories(in: self.client.query(PostgresSchema.selectCategories, logger: self.logger))
  }

  /// Replaces every animal and category with the sample data in a transaction; returns what is stored after it.
  public func reloadSampleDataMutation() async throws -> (animals: [Animal], categories: [Category]) {
    try await self.transaction { [logger] connection in
      try await PostgresSchema.lockSampleData(connection, logger: logger)
      // Writers wait until the reload commits; without this, an add committed between its
      // DELETE and its SELECT (each statement sees what is committed when it starts) survives
      // the reload and shows in its answer, which no order of the two gives. Readers go on.
      try await connection.query("LOCK TABLE category, animal IN SHARE ROW EXCLUSIVE MODE", logger: logger)
      try await connection.query("DELETE FROM animal", logger: logger)
      try await connection.query("DELETE FROM category", logger: logger)
      try await PostgresSchema.insertSampleData(connection, logger: logger)
      let animals = try await PostgresSchema.animals(in: connection.query(PostgresSchema.selectAnimals, logger: logger))
      let categories = try await PostgresSchema.categories(
        in: connection.query(PostgresSchema.selectCategories, logger: logger))
      return (animals: animals, categories: categories)
    }
  }
}
