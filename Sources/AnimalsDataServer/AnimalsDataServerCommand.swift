import AnimalsData
import AnimalsDataServerCore
import ArgumentParser
import Foundation
import Logging

/// The `AnimalsDataServer` command: serves a SQLite Animals store over HTTP until SIGINT or SIGTERM.
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
      """
  )

  @Option(help: ArgumentHelp(
    "The SQLite database file, relative to the current directory; created with the sample animals and categories if missing.",
    valueName: "path"))
  var store = "animals-server.sqlite"

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
    guard !self.store.isEmpty else {
      throw ValidationError("--store needs a file path, e.g. --store animals-server.sqlite.")
    }
  }

  func run() async throws {
    let level = self.logLevel.level
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    }
    let logger = Logger(label: "AnimalsDataServer")
    let localStore: LocalStore
    do {
      localStore = try LocalStore(path: self.store)
    } catch {
      throw StoreOpenError(path: self.store, underlying: error)
    }
    let host = self.host
    let application = AnimalsServer.makeApplication(
      store: localStore,
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
