import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

/// An HTTP server on 127.0.0.1 and an ephemeral port for tests, built on Hummingbird: it answers
/// each path with the reply the test gave (a JSON 404 for other paths), streams a body, redirects,
/// or holds the request without ever answering. `withServer` stops it when its body returns.
package final class FixtureHTTPServer: Sendable {
  /// How the server answers a request.
  package enum Reply: Sendable {
    /// A complete response with this status and body.
    case respond(status: Int, body: Data)
    /// The same, after waiting `delay`: a slow server.
    case respondAfter(Duration, status: Int, body: Data)
    /// The same, once the test opens `gate`: a server that answers when the test says so, so
    /// that a test checks what happened before the answer without racing a delay.
    case respondWhenOpened(Gate, status: Int, body: Data)
    /// Reads the request and never answers, until the server stops.
    case silent
    /// Status 200 with the body `StreamedBody` writes, chunk by chunk, as fast as the client reads
    /// or at its pace: a body bigger than the client's limit, or one that trickles.
    case stream(StreamedBody)
    /// A redirect (`status` 301…308) to `location`, with `body` streamed as its body when given.
    case redirect(status: Int, location: URL, body: StreamedBody? = nil)
  }

  /// Holds `respondWhenOpened` replies until `open()`.
  package final class Gate: Sendable {
    private let state = Mutex<(isOpen: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    package init() {}

    /// Whether the test has opened it.
    package var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Lets every held reply, and every later one, through.
    package func open() {
      let waiting = state.withLock { state in
        state.isOpen = true
        defer { state.waiting = [] }
        return state.waiting
      }
      for continuation in waiting { continuation.resume() }
    }

    /// Returns once the gate is open.
    func wait() async {
      await withCheckedContinuation { continuation in
        let isOpen = state.withLock { state in
          if !state.isOpen { state.waiting.append(continuation) }
          return state.isOpen
        }
        if isOpen { continuation.resume() }
      }
    }
  }

  /// The port the server listens on.
  package let port: Int
  private let arrivals: Tally

  private init(port: Int, arrivals: Tally) {
    self.port = port
    self.arrivals = arrivals
  }

  /// How many requests have reached the server so far, answered or not.
  package var requestCount: Int { arrivals.count }

  /// The base URL of the server, with a trailing slash.
  package var baseURL: URL {
    URL(string: "http://127.0.0.1:\(self.port)/") ?? URL(filePath: "/")
  }
}

extension FixtureHTTPServer {
  /// Serves `routes` (keyed by path, e.g. `/feeds/all_day.geojson`) while `body` runs, then stops,
  /// cutting off any request held by a `.silent` reply.
  package static func withServer<T: Sendable>(
    routes: [String: Reply],
    _ body: (FixtureHTTPServer) async throws -> T
  ) async throws -> T {
    let (ports, boundPort) = AsyncStream.makeStream(of: Int.self)
    let arrivals = Tally()
    let application = Application(
      responder: CallbackResponder { (request: Request, _: BasicRequestContext) in
        arrivals.add()
        return try await Self.answer(routes[request.uri.path])
      },
      configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
      onServerRunning: { channel in boundPort.yield(channel.localAddress?.port ?? 0) },
      logger: Logger(label: "FixtureHTTPServer") { _ in SwiftLogNoOpLogHandler() }
    )
    let running = Task {
      defer { boundPort.finish() }
      try await application.run()
    }
    // Cancelling the task, rather than a graceful shutdown, ends the requests held open.
    defer { running.cancel() }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else {
      try await running.value
      throw StartError()
    }
    return try await body(FixtureHTTPServer(port: port, arrivals: arrivals))
  }

  /// The server stopped before it was listening, without saying why.
  package struct StartError: Error, CustomStringConvertible {
    package var description: String { "FixtureHTTPServer stopped before it was listening" }
  }

  private static func answer(_ reply: Reply?) async throws -> Response {
    switch reply ?? .respond(status: 404, body: Data(#"{"error":"not found"}"#.utf8)) {
    case .respond(let status, let body):
      return Response(
        status: HTTPResponse.Status(code: status),
        headers: [.contentType: "application/json"],
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    case .respondAfter(let delay, let status, let body):
      try await Task.sleep(for: delay)
      return try await answer(.respond(status: status, body: body))
    case .respondWhenOpened(let gate, let status, let body):
      await gate.wait()
      return try await answer(.respond(status: status, body: body))
    case .silent:
      try await Task.sleep(for: .seconds(3600))
      throw CancellationError()
    case .stream(let streamed):
      return Response(status: .ok, headers: [.contentType: "application/json"], body: streamed.responseBody())
    case .redirect(let status, let location, let streamed):
      return Response(
        status: HTTPResponse.Status(code: status),
        headers: [.location: location.absoluteString, .contentType: "application/json"],
        body: streamed?.responseBody() ?? ResponseBody())
    }
  }
}

extension FixtureHTTPServer {
  /// A response body written in `chunks` chunks of `chunkSize` bytes (`[`, then spaces), with
  /// `pause` between them; it counts what it wrote and says when it stopped, because the client
  /// went away or every chunk was written. Writes wait for the client to read (NIO's back
  /// pressure), so what it counts is what the client's socket took, not what it queued.
  package final class StreamedBody: Sendable {
    package let chunkSize: Int
    package let chunks: Int
    package let pause: Duration?
    private let state = Mutex<(written: Int, stopped: Bool, waiting: [CheckedContinuation<Int, Never>])>((0, false, []))

    /// A body of `chunks` × `chunkSize` bytes, `pause` apart (none: as fast as the client reads).
    package init(chunkSize: Int, chunks: Int, pause: Duration? = nil) {
      self.chunkSize = chunkSize
      self.chunks = chunks
      self.pause = pause
    }

    /// Every byte it would write, if the client took them all.
    package var totalBytes: Int { chunkSize * chunks }

    /// The bytes written so far.
    package var written: Int { state.withLock { $0.written } }

    /// The bytes written, once the body has stopped: written in full, or cut off by the client.
    package func stopped() async -> Int {
      await withCheckedContinuation { continuation in
        let written: Int? = state.withLock { state in
          if state.stopped { return state.written }
          state.waiting.append(continuation)
          return nil
        }
        if let written { continuation.resume(returning: written) }
      }
    }

    /// The body for one response. A response the server drops unwritten (the client went away
    /// before the server began it) never runs its writer: the body then stops when the server
    /// lets go of the writer, so that `stopped()` answers either way.
    fileprivate func responseBody() -> ResponseBody {
      let release = StopOnRelease(self)
      return ResponseBody { writer in
        defer { self.stop() }
        withExtendedLifetime(release) {}
        var first = ByteBuffer(repeating: UInt8(ascii: " "), count: self.chunkSize)
        first.setInteger(UInt8(ascii: "["), at: 0)
        let rest = ByteBuffer(repeating: UInt8(ascii: " "), count: self.chunkSize)
        for index in 0..<self.chunks {
          try await writer.write(index == 0 ? first : rest)
          self.state.withLock { $0.written += self.chunkSize }
          if let pause = self.pause { try await Task.sleep(for: pause) }
        }
        try await writer.finish(nil)
      }
    }

    fileprivate func stop() {
      let (written, waiting) = state.withLock { state in
        state.stopped = true
        defer { state.waiting = [] }
        return (state.written, state.waiting)
      }
      for continuation in waiting { continuation.resume(returning: written) }
    }
  }

  /// A count shared by the server's responder and the test.
  private final class Tally: Sendable {
    private let value = Mutex(0)

    var count: Int { value.withLock { $0 } }

    func add() { value.withLock { $0 += 1 } }
  }
}

/// Stops a streamed body when the writer that holds it is let go of, written or not.
private final class StopOnRelease: Sendable {
  private let body: FixtureHTTPServer.StreamedBody

  init(_ body: FixtureHTTPServer.StreamedBody) {
    self.body = body
  }

  deinit {
    body.stop()
  }
}
