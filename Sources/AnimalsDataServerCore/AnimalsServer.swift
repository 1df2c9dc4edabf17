import AnimalsData
import Hummingbird
import Logging

/// The Animals HTTP server: `POST /animals/api` answers the guide's `RemoteRequest` with a
/// `RemoteResponse` from a SQLite or PostgreSQL store; every refusal is a 4xx with a JSON body `{"error": "…"}`.
public enum AnimalsServer {
  /// The path of the one endpoint.
  public static let apiPath = "/animals/api"
  /// The largest request body accepted when no other limit is given: 1 MiB.
  public static let defaultMaxRequestBodySize = 1 << 20
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
    onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
  ) -> some ApplicationProtocol {
    var application = Application(
      router: Self.makeRouter(store: backend.store, maxRequestBodySize: maxRequestBodySize),
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
