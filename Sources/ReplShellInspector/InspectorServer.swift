import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import Scenarios

/// The inspector's HTTP and WebSocket server on 127.0.0.1, running until stopped: the page's
/// files at `/`, the session at `/ws`; every request passes the `RequestGuard` first.
final class InspectorServer: Sendable {
  /// `http://127.0.0.1:PORT/?token=…`.
  let address: String
  private let task: Task<Void, any Error>
  private let follower: Task<Void, Never>
  private let log: InspectorEventLog

  private init(address: String, task: Task<Void, any Error>, follower: Task<Void, Never>, log: InspectorEventLog) {
    self.address = address
    self.task = task
    self.follower = follower
    self.log = log
  }

  /// Starts serving on `port` (0: a free one) and returns once connections are accepted.
  /// `follow` feeds `log` with the session's events until the session ends.
  static func start(
    port: Int, log: InspectorEventLog, session: any InspectionSource, following follow: @escaping @Sendable () async -> Void
  ) async throws(CommandError) -> InspectorServer {
    let requestGuard = RequestGuard(token: RequestGuard.makeToken())
    let follower = Task.detached { await follow() }
    let (ports, boundPort) = AsyncStream.makeStream(of: Int.self)
    let application = Application(
      router: makeRouter(guard: requestGuard),
      server: .http1WebSocketUpgrade { request, _, _ in
        guard let target = request.path, target.hasPrefix("/ws"),
          requestGuard.refusal(target: target, authority: request.authority, origin: request.headerFields[.origin]) == nil
        else { return .dontUpgrade }
        return .upgrade([:]) { inbound, outbound, _ in
          await InspectorConnection(log: log, session: session).serve(inbound: inbound, outbound: outbound)
        }
      },
      configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: "replshell-inspector"),
      onServerRunning: { channel in
        let bound = channel.localAddress?.port ?? port
        requestGuard.listening(on: bound)
        boundPort.yield(bound)
      },
      logger: Logger(label: "replshell-inspector") { _ in SwiftLogNoOpLogHandler() })
    let task = Task.detached {
      defer { boundPort.finish() }
      try await application.run()
    }
    var iterator = ports.makeAsyncIterator()
    guard let bound = await iterator.next() else {
      follower.cancel()
      let reason = switch await task.result {
      case .failure(let error): "\(error)"
      case .success: "the server stopped before it listened"
      }
      throw CommandError("could not serve the inspector on 127.0.0.1:\(port): \(reason); try another port, or `inspect` for a free one")
    }
    return InspectorServer(address: "http://127.0.0.1:\(bound)/?token=\(requestGuard.token)", task: task, follower: follower, log: log)
  }

  /// Stops serving and disconnects the pages.
  func stop() async {
    follower.cancel()
    log.finish()
    task.cancel()
    _ = await task.result
  }

  private static func makeRouter(guard requestGuard: RequestGuard) -> Router<BasicRequestContext> {
    let router = Router()
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

extension HTTPFields.Element.Name {
  /// `Referrer-Policy`: the token in the page's address must not leak to other sites.
  static var referrerPolicy: Self { Self("Referrer-Policy")! }
  /// `X-Content-Type-Options`: files are only what their type says.
  static var xContentTypeOptions: Self { Self("X-Content-Type-Options")! }
}
