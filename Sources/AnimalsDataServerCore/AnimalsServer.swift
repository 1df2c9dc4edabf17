import AnimalsData
import Hummingbird
import Logging
import NIOCore

/// The Animals HTTP server: `POST /animals/api` answers the guide's `RemoteRequest` with a
/// `RemoteResponse` from a SQLite or PostgreSQL store; every refusal is a 4xx with a JSON body `{"error": "…"}`.
public enum AnimalsServer {
  /// The path of the one endpoint.
  public static let apiPath = "/animals/api"
  /// The largest request body accepted when no other limit is given: 1 MiB.
  public static let defaultMaxRequestBodySize = 1 << 20
  /// How long a connection may stay idle before the server closes it: 30 seconds.
  public static let defaultIdleTimeout: Duration = .seconds(30)
  /// How many connections the server keeps open at once; one more is closed as it arrives: 256.
  public static let defaultMaxConnections = 256
  /// The address the server binds when none is given: loopback only.
  public static let defaultHost = "127.0.0.1"
  /// The port the server binds when none is given.
  public static let defaultPort = 8080
}

extension AnimalsServer {
  /// The router: request logging, JSON errors, the API endpoint, and JSON 404s for other paths.
  public static func makeRouter(
    store: some PersistentSessionPersistentStore,
    maxRequestBodySize: Int = Self.defaultMaxRequestBodySize
  ) -> Router<BasicRequestContext> {
    let router = Router(context: BasicRequestContext.self)
    // Middlewares wrap only routes added after them, and the not-found responder.
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: JSONErrorMiddleware(maxRequestBodySize: maxRequestBodySize))
    let controller = AnimalsAPIController(
      handler: RemoteRequestHandler(store: store),
      maxRequestBodySize: maxRequestBodySize
    )
    controller.addRoutes(to: router, at: Self.apiPath)
    return router
  }

  /// An application serving `store` on `host`:`port` (port 0 picks a free one); `onServerRunning`
  /// is called with the bound port once the server accepts connections. Run it with
  /// `runService()` (stops gracefully on SIGINT/SIGTERM) or inside a `ServiceGroup`.
  public static func makeApplication(
    store: LocalStore,
    host: String = Self.defaultHost,
    port: Int = Self.defaultPort,
    logger: Logger,
    maxRequestBodySize: Int = Self.defaultMaxRequestBodySize,
    onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
  ) -> some ApplicationProtocol {
    Self.makeApplication(
      backend: .sqlite(store),
      host: host,
      port: port,
      logger: logger,
      maxRequestBodySize: maxRequestBodySize,
      onServerRunning: onServerRunning
    )
  }

  /// An application serving `backend` on `host`:`port`: the backend's services run beside the
  /// server, and it listens only once the backend is prepared (the application fails with the
  /// preparation's error otherwise).
  public static func makeApplication(
    backend: AnimalsServerBackend,
    host: String = Self.defaultHost,
    port: Int = Self.defaultPort,
    logger: Logger,
    maxRequestBodySize: Int = Self.defaultMaxRequestBodySize,
    idleTimeout: Duration = Self.defaultIdleTimeout,
    maxConnections: Int = Self.defaultMaxConnections,
    onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
  ) -> some ApplicationProtocol {
    let (seconds, attoseconds) = idleTimeout.components
    let idle = TimeAmount.nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    let connections = ConnectionLimit(maximum: maxConnections)
    var application = Application(
      router: Self.makeRouter(store: backend.store, maxRequestBodySize: maxRequestBodySize),
      server: .http1(configuration: .init(additionalChannelHandlers: [connections.handler()], idleTimeout: idle)),
      configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "AnimalsDataServer"),
      services: backend.services,
      onServerRunning: { channel in
        await onServerRunning(channel.localAddress?.port ?? port)
      },
      logger: logger
    )
    application.beforeServerStarts(perform: backend.prepare)
    return application
  }

  /// The base URL of a server on `host`:`port`, e.g. `http://127.0.0.1:8080`.
  public static func baseURLString(host: String, port: Int) -> String {
    let host = host.contains(":") ? "[\(host)]" : host
    return "http://\(host):\(port)"
  }
}
