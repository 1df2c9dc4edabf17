import AnimalsData
import AnimalsDataServerCore
import AnimalsDataServerPostgres
import ArgumentParser
import Foundation
import Logging

/// The `AnimalsDataServer` command: serves the Animals store, in a SQLite file or a PostgreSQL
/// database, over HTTP until SIGINT or SIGTERM.
@main
struct AnimalsDataServerCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "AnimalsDataServer",
    abstract: "Serve the Animals remote store over HTTP.",
    discussion: """
      POST a RemoteRequest as JSON to /animals/api and get its RemoteResponse:

        curl -s http://127.0.0.1:8080/animals/api -d '{"query":[{"categories":{}}]}'

      A bad request gets a 4xx status and a body {"error": "..."}.

      Once listening, the server prints "listening on http://HOST:PORT". SIGINT or SIGTERM stops it after the requests in flight are answered.

      The data lives in a SQLite file (--store, the default) or in a PostgreSQL database (--database or the DATABASE_URL environment variable), which several servers can share behind a load balancer.
      """
  )

  /// The SQLite file used when no PostgreSQL database is given.
  static let defaultStore = "animals-server.sqlite"

  @Option(help: ArgumentHelp(
    "The SQLite database file, relative to the current directory; created with the sample animals and categories if missing. The default is \(Self.defaultStore).",
    valueName: "path"))
  var store: String?

  @Option(help: ArgumentHelp(
    "A PostgreSQL database to use instead of SQLite, as postgres://user[:password]@host[:port]/dbname; the schema and the sample data are created on first use. Defaults to the DATABASE_URL environment variable.",
    valueName: "url"))
  var database: String?

  @Option(help: ArgumentHelp(
    "How many seconds to wait for PostgreSQL to answer at start-up, and for each new connection.",
    valueName: "seconds"))
  var connectTimeout = 10

  @Option(help: ArgumentHelp("The most connections to PostgreSQL this server opens.", valueName: "count"))
  var maxConnections = 20

  @Option(help: ArgumentHelp("The address to listen on.", valueName: "address"))
  var host = AnimalsServer.defaultHost

  @Option(help: ArgumentHelp("The port to listen on; 0 picks a free port.", valueName: "port"))
  var port = AnimalsServer.defaultPort

  @Option(help: ArgumentHelp("The lowest level of log line printed to standard error.", valueName: "level"))
  var logLevel = LogLevel.info

  func validate() throws {
    guard (0...65535).contains(self.port) else {
      throw ValidationError("--port must be between 0 and 65535, got \(self.port).")
    }
    guard self.store?.isEmpty != true else {
      throw ValidationError("--store needs a file path, e.g. --store \(Self.defaultStore).")
    }
    guard self.store == nil || self.database == nil else {
      throw ValidationError("--store and --database name two databases; give one of them.")
    }
    guard self.connectTimeout > 0 else {
      throw ValidationError("--connect-timeout must be at least 1 second, got \(self.connectTimeout).")
    }
    guard self.maxConnections > 0 else {
      throw ValidationError("--max-connections must be at least 1, got \(self.maxConnections).")
    }
    if let database = self.databaseURLString {
      do {
        _ = try DatabaseURL(database)
      } catch {
        throw ValidationError(error.description)
      }
    }
  }

  /// The PostgreSQL URL: `--database`, else `DATABASE_URL` unless `--store` names a SQLite file.
  private var databaseURLString: String? {
    guard self.store == nil else { return nil }
    return self.database ?? ProcessInfo.processInfo.environment["DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
  }

  func run() async throws {
    let level = self.logLevel.level
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    }
    let logger = Logger(label: "AnimalsDataServer")
    let backend = try self.makeBackend(logger: logger)
    let host = self.host
    let application = AnimalsServer.makeApplication(
      backend: backend,
      host: host,
      port: self.port,
      logger: logger,
      onServerRunning: { port in
        let line = "listening on \(AnimalsServer.baseURLString(host: host, port: port))\n"
        FileHandle.standardOutput.write(Data(line.utf8))
      }
    )
    try await application.runService()
    logger.info("stopped")
  }
}

extension AnimalsDataServerCommand {
  /// The PostgreSQL store when a database URL is given, else the SQLite file.
  private func makeBackend(logger: Logger) throws -> AnimalsServerBackend {
    if let database = self.databaseURLString {
      let store = PostgresStore(
        url: try DatabaseURL(database),
        connectTimeout: .seconds(self.connectTimeout),
        maximumConnections: self.maxConnections,
        logger: logger
      )
      return .postgres(store)
    }
    let path = self.store ?? Self.defaultStore
    do {
      return .sqlite(try LocalStore(path: path))
    } catch {
      throw StoreOpenError(path: path, underlying: error)
    }
  }
}
