import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import Scenarios
import ServiceLifecycle
import StateValues

/// The inspector's HTTP and WebSocket server on 127.0.0.1, running until stopped: the page's
/// files at `/`, the session at `/ws`; every request passes the `RequestGuard` first. The server
/// and what follows the session's events run as services of one swift-service-lifecycle group,
/// which `stop()` shuts down gracefully.
final class InspectorServer: Sendable {
  /// `http://127.0.0.1:PORT/?token=…`.
  let address: String
  private let group: ServiceGroup
  private let running: Task<Void, any Error>
  private let log: InspectorEventLog

  private init(address: String, group: ServiceGroup, running: Task<Void, any Error>, log: InspectorEventLog) {
    self.address = address
    self.group = group
    self.running = running
    self.log = log
  }

  /// Starts serving on `port` (0: a free one) and returns once connections are accepted.
  /// `follow` feeds `log` with the session's events until the session ends.
  static func start(
    port: Int, log: InspectorEventLog, session: any InspectionSource, following follow: @escaping @Sendable () async -> Void
  ) async throws(CommandError) -> InspectorServer {
    let requestGuard = RequestGuard(token: RequestGuard.makeToken())
    let (ports, boundPort) = AsyncStream.makeStream(of: Int.self)
    let application = Application(
      router: makeRouter(guard: requestGuard),
      // RFC 6455: a text message that is not UTF-8 closes the connection with 1007, a client's
      // frame that is not masked with 1002 (`ClientFramesMasked`).
      server: .http1WebSocketUpgrade(
        configuration: .init(ws: WebSocketServerConfiguration(extensions: [.nonNegotiatedExtension { ClientFramesMasked() }], validateUTF8: true))
      ) { request, _, _ in
        // A refused upgrade gets 400, not the 403 of `GuardMiddleware`: hummingbird-websocket
        // (2.8) answers every upgrade it does not make with an empty 400 of its own
        // (`writeFailedUpgrade`), through this closure and through a WebSocket router alike.
        guard let target = request.path, target.hasPrefix("/ws"),
          requestGuard.refusal(target: target, authority: request.authority, origin: request.headerFields[.origin]) == nil
        else { return .dontUpgrade }
        return .upgrade([:]) { inbound, outbound, _ in
          try await InspectorConnection(log: log, session: session).serve(inbound: inbound, outbound: outbound)
        }
      },
      configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: "replshell-inspector"),
      onServerRunning: { channel in
        let bound = channel.localAddress?.port ?? port
        requestGuard.listening(on: bound)
        boundPort.yield(bound)
      },
      logger: Logger(label: "replshell-inspector") { _ in SwiftLogNoOpLogHandler() })
    let logger = Logger(label: "replshell-inspector") { _ in SwiftLogNoOpLogHandler() }
    var configuration = ServiceGroupConfiguration(
      services: [
        .init(service: application),
        // The session may end first (an attached app detached): the page stays up with what it has.
        .init(service: SessionFollower(follow: follow), successTerminationBehavior: .ignore),
      ],
      gracefulShutdownSignals: [], logger: logger)
    // A page that keeps its WebSocket open does not hold the shell: past this, the group cancels.
    configuration.maximumGracefulShutdownDuration = .seconds(2)
    let group = ServiceGroup(configuration: configuration)
    let running = Task {
      defer { boundPort.finish() }
      try await group.run()
    }
    var iterator = ports.makeAsyncIterator()
    guard let bound = await iterator.next() else {
      let reason = switch await running.result {
      case .failure(let error): "\(error)"
      case .success: "the server stopped before it listened"
      }
      throw CommandError("could not serve the inspector on 127.0.0.1:\(port): \(reason); try another port, or `inspect` for a free one")
    }
    return InspectorServer(address: "http://127.0.0.1:\(bound)/?token=\(requestGuard.token)", group: group, running: running, log: log)
  }

  /// Stops serving and disconnects the pages: the group shuts down gracefully, and this returns
  /// once it has.
  func stop() async {
    log.finish()
    await group.triggerGracefulShutdown()
    _ = await running.result
  }

  /// The routes: each GET also answers HEAD, with the same status and headers and no body.
  private static func makeRouter(guard requestGuard: RequestGuard) -> Router<BasicRequestContext> {
    let router = Router(options: .autoGenerateHeadEndpoints)
    router.add(middleware: GuardMiddleware(requestGuard: requestGuard))
    router.get("/") { _, _ in response(PageAssets.index(token: requestGuard.token)) }
    router.get("/ws") { _, _ in
      Response(status: .badRequest, body: ResponseBody(byteBuffer: ByteBuffer(string: "/ws is the inspector's WebSocket: the page opens it")))
    }
    router.get("/:file") { _, context in
      guard let name = context.parameters.get("file"), let asset = PageAssets.files["/" + name] else {
        return Response(status: .notFound, body: ResponseBody(byteBuffer: ByteBuffer(string: "no such file")))
      }
      return response(asset)
    }
    return router
  }

  private static func response(_ asset: PageAssets.Asset) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = asset.contentType
    headers[.cacheControl] = "no-store"
    headers[.referrerPolicy] = "no-referrer"
    headers[.xContentTypeOptions] = "nosniff"
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: asset.bytes)))
  }
}

/// Feeds the inspector's log with the session's events until the session ends or the group shuts down.
private struct SessionFollower: Service {
  let follow: @Sendable () async -> Void

  func run() async throws {
    await cancelWhenGracefulShutdown { await follow() }
  }
}

extension HTTPFields.Element.Name {
  /// `Referrer-Policy`: the token in the page's address must not leak to other sites.
  static var referrerPolicy: Self { Self("Referrer-Policy")! }
  /// `X-Content-Type-Options`: files are only what their type says.
  static var xContentTypeOptions: Self { Self("X-Content-Type-Options")! }
}
