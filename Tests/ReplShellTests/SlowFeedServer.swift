import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// A Quakes feed on a loopback port that answers every request after `delay`, with the same
/// GeoJSON whatever the file: scenarios that `use quakes --feed` it spend their time waiting on I/O.
final class SlowFeedServer: Sendable {
  /// The feed's base URL, with a trailing slash: `http://127.0.0.1:PORT/`.
  let url: String
  private let serviceGroup: ServiceGroup
  private let task: Task<Void, any Error>

  private init(url: String, serviceGroup: ServiceGroup, task: Task<Void, any Error>) {
    self.url = url
    self.serviceGroup = serviceGroup
    self.task = task
  }

  /// Starts serving `feed` after `delay` on an ephemeral loopback port; returns once it listens.
  static func start(feed: Data, delay: Duration) async throws -> SlowFeedServer {
    let router = Router()
    router.get("{file}") { _, _ -> Response in
      try await Task.sleep(for: delay)
      return Response(
        status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(data: feed)))
    }
    let logger = Logger(label: "SlowFeedServer") { _ in SwiftLogNoOpLogHandler() }
    let (ports, boundPort) = AsyncStream.makeStream(of: Int.self)
    let application = Application(
      router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
      onServerRunning: { channel in boundPort.yield(channel.localAddress?.port ?? 0) }, logger: logger)
    let serviceGroup = ServiceGroup(configuration: .init(services: [application], logger: logger))
    let task = Task {
      defer { boundPort.finish() }
      try await serviceGroup.run()
    }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else {
      try await task.value
      throw CancellationError()
    }
    return SlowFeedServer(url: "http://127.0.0.1:\(port)/", serviceGroup: serviceGroup, task: task)
  }

  /// Shuts the server down and waits until it has.
  func stop() async {
    await serviceGroup.triggerGracefulShutdown()
    _ = await task.result
  }
}
