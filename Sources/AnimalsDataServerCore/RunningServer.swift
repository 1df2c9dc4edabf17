import AnimalsData
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// An Animals server running in this process, for tests: start it on an ephemeral loopback port,
/// talk to `apiURL`, then `stop()` it (a graceful shutdown that waits for the server to finish).
public final class RunningServer: Sendable {
  /// The server's base URL, e.g. `http://127.0.0.1:49152`.
  public let url: URL
  /// The endpoint to POST `RemoteRequest`s to: `url` + `/animals/api`.
  public let apiURL: URL
  /// The port the server is bound to.
  public let port: Int

  private let serviceGroup: ServiceGroup
  private let task: Task<Void, any Error>

  private init(url: URL, port: Int, serviceGroup: ServiceGroup, task: Task<Void, any Error>) {
    self.url = url
    self.apiURL = url.appending(path: String(AnimalsServer.apiPath.dropFirst()))
    self.port = port
    self.serviceGroup = serviceGroup
    self.task = task
  }
}

extension RunningServer {
  /// A logger that drops everything: the default, so tests stay quiet.
  public static let silentLogger = Logger(label: "AnimalsDataServer") { _ in SwiftLogNoOpLogHandler() }

  /// Opens the SQLite database at `storePath` (created with the sample data if missing; nil for an
  /// in-memory one) and starts serving it; returns once the server accepts connections.
  public static func start(
    storePath: String?,
    host: String = AnimalsServer.defaultHost,
    port: Int = 0,
    logger: Logger = RunningServer.silentLogger
  ) async throws -> RunningServer {
    try await Self.start(store: LocalStore(path: storePath), host: host, port: port, logger: logger)
  }

  /// Starts serving `store`; returns once the server accepts connections, or throws why it could
  /// not start (the port is taken, say).
  public static func start(
    store: LocalStore,
    host: String = AnimalsServer.defaultHost,
    port: Int = 0,
    logger: Logger = RunningServer.silentLogger,
    maxRequestBodySize: Int = AnimalsServer.defaultMaxRequestBodySize,
    idleTimeout: Duration = AnimalsServer.defaultIdleTimeout,
    maxConnections: Int = AnimalsServer.defaultMaxConnections
  ) async throws -> RunningServer {
    try await Self.start(
      backend: .sqlite(store), host: host, port: port, logger: logger, maxRequestBodySize: maxRequestBodySize,
      idleTimeout: idleTimeout, maxConnections: maxConnections)
  }

  /// Starts serving `backend`; returns once it is prepared and the server accepts connections, or
  /// throws why it could not start (the database is unreachable, the port is taken, say).
  public static func start(
    backend: AnimalsServerBackend,
    host: String = AnimalsServer.defaultHost,
    port: Int = 0,
    logger: Logger = RunningServer.silentLogger,
    maxRequestBodySize: Int = AnimalsServer.defaultMaxRequestBodySize,
    idleTimeout: Duration = AnimalsServer.defaultIdleTimeout,
    maxConnections: Int = AnimalsServer.defaultMaxConnections
  ) async throws -> RunningServer {
    let (boundPorts, boundPort) = AsyncStream.makeStream(of: Int.self)
    let application = AnimalsServer.makeApplication(
      backend: backend,
      host: host,
      port: port,
      logger: logger,
      maxRequestBodySize: maxRequestBodySize,
      idleTimeout: idleTimeout,
      maxConnections: maxConnections,
      onServerRunning: { port in boundPort.yield(port) }
    )
    let serviceGroup = ServiceGroup(configuration: .init(services: [application], logger: logger))
    let task = Task {
      defer { boundPort.finish() }
      try await serviceGroup.run()
    }
    var ports = boundPorts.makeAsyncIterator()
    guard let bound = await ports.next() else {
      // The group ended before the server was up: its error says why.
      try await task.value
      throw StartError()
    }
    guard let url = URL(string: AnimalsServer.baseURLString(host: host, port: bound)) else {
      await serviceGroup.triggerGracefulShutdown()
      _ = await task.result
      throw StartError()
    }
    return RunningServer(url: url, port: bound, serviceGroup: serviceGroup, task: task)
  }

  /// Shuts the server down gracefully and waits until it has; calling it again does nothing more.
  public func stop() async {
    await self.serviceGroup.triggerGracefulShutdown()
    _ = await self.task.result
  }
}

extension RunningServer {
  /// The server stopped before it accepted connections, without saying why.
  public struct StartError: Error, CustomStringConvertible, Sendable {
    /// Says that the server stopped before it was listening.
    public var description: String { "RunningServer.StartError: the server stopped before it was listening" }
  }
}
