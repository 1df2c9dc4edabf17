import Foundation
import Services
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one HTTP client every domain loads through, against real servers on loopback: a body past
/// the cap, a body past the deadline and a redirect each end the exchange with an error that names
/// the limit, and no redirect is followed.
@Suite(.timeLimit(.minutes(10))) struct HTTPTransportTests {
  /// A cap small enough that a test's bodies pass it many times over.
  static let cap = 1 << 20
  /// What may pass the cap before the client stops reading, besides its few reads in flight: what
  /// the client's kernel buffers of the body (its receive buffer grows up to `tcp_rmem`'s maximum,
  /// 32 MiB here, whatever the client reads), the server's small send buffer, and 2 MiB of reads
  /// in flight. (FoundationNetworking's client, which reads as the network gives rather than as
  /// it keeps, took 1.6 to 80 MiB here against a 1 MiB cap, and gigabytes on a loaded machine.)
  static func slack() throws -> Int {
    let text = try String(contentsOfFile: "/proc/sys/net/ipv4/tcp_rmem", encoding: .utf8)
    let receiveBuffer = try #require(text.split(whereSeparator: \.isWhitespace).last.flatMap { Int($0) })
    return receiveBuffer + 2 * EndlessBodyServer.sendBuffer + (2 << 20)
  }

  /// 128 MiB in 64 KiB chunks, as fast as loopback takes them.
  static func endlessBody() -> FixtureHTTPServer.StreamedBody {
    FixtureHTTPServer.StreamedBody(chunkSize: 64 << 10, chunks: 2048)
  }

  /// Ten seconds of body at most, 16 bytes every 25 ms: never silent for an idle timeout.
  static func tricklingBody() -> FixtureHTTPServer.StreamedBody {
    FixtureHTTPServer.StreamedBody(chunkSize: 16, chunks: 400, pause: .milliseconds(25))
  }

  /// A cap of `cap` bytes, with silences and a deadline far past what a loaded machine adds: only
  /// the cap can end the exchange.
  static let onlyTheCap = TransportLimits(idleTimeout: 600, deadline: 600, maxBodyBytes: cap)

  /// A deadline of 0.5 s, with an idle timeout far past what a loaded machine adds between two
  /// chunks: only the deadline can end the exchange.
  static let onlyTheDeadline = TransportLimits(idleTimeout: 600, deadline: 0.5)

  /// Silences and a deadline far past what a loaded machine adds: no limit ends the exchange, for
  /// a test about something else (a redirect answered, not followed).
  static let generous = TransportLimits(idleTimeout: 600, deadline: 600)

  /// The error's words for a body past a cap of `limit`.
  static func overTheCap(_ limit: String) -> String {
    "response body over the \(limit) limit; raise TransportLimits.maxBodyBytes to accept a bigger one"
  }

  static func request(_ server: FixtureHTTPServer, _ path: String) throws -> URLRequest {
    URLRequest(url: try #require(URL(string: path, relativeTo: server.baseURL)))
  }

  /// The transport's error for `request`, or nil when it answered.
  static func failure(of request: URLRequest, limits: TransportLimits) async -> TransportError? {
    do {
      _ = try await HTTPTransport(limits: limits).data(for: request)
      return nil
    } catch {
      return error as? TransportError
    }
  }

  @Test func aBodyPastTheCapIsCutOffAtTheCapWithAnErrorThatNamesIt() async throws {
    let body = Self.endlessBody()
    try await FixtureHTTPServer.withServer(routes: ["/feed": .stream(body)]) { server in
      let error = await Self.failure(of: try Self.request(server, "/feed"), limits: Self.onlyTheCap)
      #expect(error?.code == .bodyTooLarge(limit: Self.cap))
      #expect(error.map(String.init(describing:)) == Self.overTheCap("1 MiB"))
    }
  }

  /// The body is read only as fast as it is kept: a server that sends without end, as fast as
  /// loopback takes it (gigabytes a second), gets the cap and the kernel's buffers read, no more:
  /// the client does not read ahead of what it keeps (1.3 to 3 MiB taken against a 1 MiB cap).
  @Test func aBodyWithoutEndIsReadNoFurtherThanTheCap() async throws {
    let server = try EndlessBodyServer()
    async let written = server.serveOne(limit: 1 << 30)
    let error = await Self.failure(of: URLRequest(url: server.url), limits: Self.onlyTheCap)
    #expect(error?.code == .bodyTooLarge(limit: Self.cap))
    let taken = try await written
    #expect(taken < Self.cap + (try Self.slack()), "the client took \(taken) bytes")
  }

  @Test func aBodyWhoseDeclaredLengthPassesTheCapIsRefused() async throws {
    let big = Data(repeating: UInt8(ascii: " "), count: 2 * Self.cap)
    try await FixtureHTTPServer.withServer(routes: ["/feed": .respond(status: 200, body: big)]) { server in
      let error = await Self.failure(of: try Self.request(server, "/feed"), limits: Self.onlyTheCap)
      #expect(error?.code == .bodyTooLarge(limit: Self.cap))
    }
  }

  @Test func aBodyThatTricklesPastTheDeadlineIsCutOffWithAnErrorThatNamesIt() async throws {
    let body = Self.tricklingBody()
    try await FixtureHTTPServer.withServer(routes: ["/feed": .stream(body)]) { server in
      let limits = Self.onlyTheDeadline
      let error = await Self.failure(of: try Self.request(server, "/feed"), limits: limits)
      #expect(error?.code == .deadlineExceeded(seconds: 0.5))
      #expect(
        error.map(String.init(describing:))
          == "no complete answer within the 0.5 s deadline; raise TransportLimits.deadline to wait longer")
      let written = await body.stopped()
      #expect(written < body.totalBytes)
    }
  }

  @Test func aRedirectIsNotFollowedAndItsResponseIsTheAnswer() async throws {
    try await FixtureHTTPServer.withServer(routes: ["/api": .respond(status: 200, body: Data("{}".utf8))]) { target in
      let location = try #require(URL(string: "/api", relativeTo: target.baseURL)).absoluteURL
      try await FixtureHTTPServer.withServer(routes: ["/api": .redirect(status: 307, location: location)]) { server in
        let request = try Self.request(server, "/api")
        let (_, response) = try await HTTPTransport(limits: Self.generous).data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 307)
        #expect(target.requestCount == 0)
        #expect(server.requestCount == 1)
      }
    }
  }

  /// A redirect's body is read as any body is: one that trickles on is stopped by the deadline.
  @Test func aRedirectWhoseBodyKeepsComingIsStoppedByTheDeadlineAndNotFollowed() async throws {
    let body = Self.tricklingBody()
    try await FixtureHTTPServer.withServer(routes: [:]) { target in
      let location = try #require(URL(string: "/api", relativeTo: target.baseURL)).absoluteURL
      try await FixtureHTTPServer.withServer(routes: ["/api": .redirect(status: 307, location: location, body: body)]) { server in
        let limits = Self.onlyTheDeadline
        let error = await Self.failure(of: try Self.request(server, "/api"), limits: limits)
        #expect(error?.code == .deadlineExceeded(seconds: 0.5))
        let written = await body.stopped()
        #expect(written < body.totalBytes)
        #expect(target.requestCount == 0)
      }
    }
  }

  /// A server that takes the connection and then says nothing ends the exchange at the idle
  /// timeout, long before the deadline.
  @Test func aSilentServerTimesOutAtTheIdleTimeout() async throws {
    let socket = try LoopbackSocket()
    defer { socket.close() }
    try socket.listen()
    let request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(socket.port)/feed")))
    let error = await Self.failure(of: request, limits: TransportLimits(idleTimeout: 0.2, deadline: 600))
    #expect(error?.code == .timedOut)
  }

  /// The deadline answers even while the connection is still being made: a server whose queue of
  /// connections is full answers no handshake, and the exchange ends at its deadline, not at the
  /// idle timeout's (600 s) end of the attempt.
  @Test func theDeadlineAnswersWhileTheConnectionIsStillBeingMade() async throws {
    let socket = try LoopbackSocket()
    defer { socket.close() }
    try socket.listen(backlog: 0)
    let waiting = try #require(LoopbackClient.connect(port: socket.port, receiveTimeout: 600))
    defer { close(waiting) }
    let request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(socket.port)/feed")))
    let error = await Self.failure(of: request, limits: Self.onlyTheDeadline)
    #expect(error?.code == .deadlineExceeded(seconds: 0.5))
  }

  @Test func aFilePastTheCapIsRefusedUnread() async throws {
    try await Self.inFolder { folder in
      let file = folder.appending(path: "all_day.geojson")
      try Data(repeating: UInt8(ascii: " "), count: 2048).write(to: file)
      let error = await Self.failure(of: URLRequest(url: file), limits: TransportLimits(maxBodyBytes: 1024))
      #expect(error?.code == .bodyTooLarge(limit: 1024))
      #expect(error.map(String.init(describing:)) == Self.overTheCap("1 KiB"))
    }
  }

  /// A feed file is read through the one file reach: a link the user made is followed to its
  /// file, and a FIFO or a device in a feed's place is refused at once, never waited on.
  @Test func aLinkedFeedIsReadAndAFIFOOrADeviceIsRefusedAtOnce() async throws {
    try await Self.inFolder { folder in
      let feed = folder.appending(path: "downloaded.geojson")
      try Data(#"{"type":"FeatureCollection","features":[]}"#.utf8).write(to: feed)
      let linked = folder.appending(path: "all_day.geojson")
      try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: feed)
      let (data, _) = try await HTTPTransport(limits: Self.generous).data(for: URLRequest(url: linked))
      #expect(data == (try Data(contentsOf: feed)))
      let fifo = folder.appending(path: "all_week.geojson")
      #expect(mkfifo(fifo.path, 0o600) == 0)
      #expect(await Self.failure(of: URLRequest(url: fifo), limits: Self.generous)?.code == .fileUnreadable)
      #expect(await Self.failure(of: URLRequest(url: URL(fileURLWithPath: "/dev/zero")), limits: Self.generous)?.code == .fileUnreadable)
    }
  }

  /// Runs `body` in a new folder of its own, removed afterwards.
  private static func inFolder(_ body: (URL) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "ServicesTests-\(UUID().uuidString)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // Best-effort cleanup: a leftover folder fails no test.
    defer { try? FileManager.default.removeItem(at: folder) }
    try await body(folder)
  }
}
