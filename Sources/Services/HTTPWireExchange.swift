import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP/1.1 request on a connection of its own, and its response: the body is taken from the
/// socket a few reads at a time, only as fast as it is appended, and refused at the cap — a server
/// that sends without end is never read past the cap and a few reads in flight.
///
/// The whole exchange's deadline is `HTTPTransport`'s; a silence of the idle timeout (no byte
/// read, the connection included) ends it here as `timedOut`.
struct HTTPWireExchange: Sendable {
  /// How many response parts may wait for the reader before the socket is not read: each is at
  /// most one read of the socket (64 KiB).
  static let partsInFlight = NIOAsyncSequenceProducerBackPressureStrategies.HighLowWatermark(lowWatermark: 1, highWatermark: 4)

  let url: URL
  let host: String
  let port: Int
  let usesTLS: Bool
  let head: HTTPRequestHead
  let body: Data?
  let limits: TransportLimits
  /// How far the exchange has come; the deadline reads it and ends the connection through it.
  let progress = HTTPExchangeProgress()

  /// The exchange of `request`, or `TransportError` when its URL is not one this client speaks
  /// (`http` or `https` with a host).
  init(request: URLRequest, limits: TransportLimits) throws(TransportError) {
    guard let url = request.url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = url.host(percentEncoded: false), !host.isEmpty
    else {
      throw TransportError(code: .network(code: URLError.Code.unsupportedURL.rawValue))
    }
    self.url = url
    self.host = host
    self.usesTLS = scheme == "https"
    self.port = url.port ?? (usesTLS ? 443 : 80)
    self.body = request.httpBody
    self.limits = limits
    self.head = Self.head(of: request, url: url, host: host)
  }

  /// The request's head: its method, target and headers, with `Host`, a `Content-Length` for a
  /// body, and `Connection: close` (one exchange per connection).
  private static func head(of request: URLRequest, url: URL, host: String) -> HTTPRequestHead {
    var target = url.path(percentEncoded: true)
    if target.isEmpty { target = "/" }
    if let query = url.query(percentEncoded: true) { target += "?" + query }
    var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: request.httpMethod ?? "GET"), uri: target)
    for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
      head.headers.add(name: name, value: value)
    }
    let bracketed = host.contains(":") ? "[\(host)]" : host
    head.headers.replaceOrAdd(name: "Host", value: url.port.map { "\(bracketed):\($0)" } ?? bracketed)
    head.headers.replaceOrAdd(name: "Connection", value: "close")
    if let body = request.httpBody {
      head.headers.replaceOrAdd(name: "Content-Length", value: String(body.count))
    } else if ["POST", "PUT", "PATCH"].contains(head.method.rawValue) {
      head.headers.replaceOrAdd(name: "Content-Length", value: "0")
    }
    return head
  }
}

extension HTTPWireExchange {
  /// Connects, sends the request and returns the body and response; ends the connection when the
  /// caller is cancelled or `progress` is abandoned.
  func run() async throws -> (Data, URLResponse) {
    do {
      return try await exchange()
    } catch {
      // A write on the connection the idle timeout closed fails as closed: the silence is why.
      throw progress.fellSilent ? TransportError(code: .timedOut) : error
    }
  }

  /// The exchange itself, its errors as the connection gave them.
  private func exchange() async throws -> (Data, URLResponse) {
    try await withTaskCancellationHandler {
      let channel = try await connect()
      progress.connected(channel.channel)
      return try await channel.executeThenClose { inbound, outbound in
        // One write, so the request leaves in as few segments as it fits in.
        var parts: [HTTPClientRequestPart] = [.head(head)]
        if let body, !body.isEmpty { parts.append(.body(.byteBuffer(ByteBuffer(bytes: body)))) }
        parts.append(.end(nil))
        try await outbound.write(contentsOf: parts)
        return try await receive(from: inbound)
      }
    } onCancel: {
      progress.abandon()
    }
  }

  /// A connection to the server, TLS first for `https`, speaking HTTP/1.1 and read only on demand.
  private func connect() async throws -> NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart> {
    let tls = usesTLS ? try Self.tlsContext.get() : nil
    // SNI names a host, never an address.
    let serverName = Self.address(host, port: port) == nil ? host : nil
    let silence = Self.timeAmount(limits.idleTimeout)
    let bootstrap = ClientBootstrap(group: Self.eventLoops)
      .connectTimeout(silence)
      .channelOption(.tcpOption(.tcp_nodelay), value: 1)
    let initializer: @Sendable (any Channel) -> EventLoopFuture<NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>> = { channel in
      channel.eventLoop.makeCompletedFuture {
        let pipeline = channel.pipeline.syncOperations
        try pipeline.addHandler(IdleStateHandler(readTimeout: silence))
        if let tls {
          try pipeline.addHandler(NIOSSLClientHandler(context: tls, serverHostname: serverName))
        }
        try pipeline.addHTTPClientHandlers()
        try pipeline.addHandler(SilenceAlarm(progress: progress))
        return try NIOAsyncChannel(
          wrappingChannelSynchronously: channel,
          configuration: .init(backPressureStrategy: Self.partsInFlight))
      }
    }
    // An address needs no resolver (which takes a thread of its own for every connection).
    if let address = Self.address(host, port: port) {
      return try await bootstrap.connect(to: address, channelInitializer: initializer)
    }
    return try await bootstrap.connect(host: host, port: port, channelInitializer: initializer)
  }

  /// `host` and `port` as a socket address when `host` is an IPv4 or IPv6 address; nil for a name.
  private static func address(_ host: String, port: Int) -> SocketAddress? {
    guard host.contains(":") || host.allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
    do {
      return try SocketAddress(ipAddress: host, port: port)
    } catch {
      // A name made of digits and dots that is no address ("1.2.3"): the resolver decides.
      return nil
    }
  }

  /// The response from `inbound`: its head, then its body up to the cap.
  private func receive(from inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>) async throws -> (Data, URLResponse) {
    let cap = limits.maxBodyBytes
    var responseHead: HTTPResponseHead?
    var body = Data()
    for try await part in inbound {
      switch part {
      case .head(let head):
        if let declared = head.headers.first(name: "Content-Length").flatMap(Int.init), declared > cap {
          throw TransportError(code: .bodyTooLarge(limit: cap))
        }
        progress.sawResponseHead()
        responseHead = head
      case .body(let buffer):
        guard body.count + buffer.readableBytes <= cap else { throw TransportError(code: .bodyTooLarge(limit: cap)) }
        body.append(contentsOf: buffer.readableBytesView)
      case .end:
        guard let responseHead else { break }
        return (body, try response(for: responseHead))
      }
    }
    // The server closed the connection before the response's end.
    throw TransportError(code: responseHead == nil ? .network(code: URLError.Code.badServerResponse.rawValue) : .connectionLost)
  }

  /// The `HTTPURLResponse` for `head`: a header given several times is one comma-separated field.
  private func response(for head: HTTPResponseHead) throws(TransportError) -> HTTPURLResponse {
    var fields: [String: String] = [:]
    for (name, value) in head.headers {
      fields[name] = fields[name].map { "\($0), \(value)" } ?? value
    }
    let version = "HTTP/\(head.version.major).\(head.version.minor)"
    guard let response = HTTPURLResponse(url: url, statusCode: Int(head.status.code), httpVersion: version, headerFields: fields) else {
      throw TransportError(code: .network(code: URLError.Code.badServerResponse.rawValue))
    }
    return response
  }
}

extension HTTPWireExchange {
  /// The transport's own event loop, for every exchange and deadline of the process: apart from
  /// the servers the process may run (the inspector, `--serve`, a test's), whose work on their
  /// event loops must not hold up a client's timeouts. Made once, it lives as long as the process.
  static let eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: 1)

  /// The client's TLS context, made once: the system's trust roots, full verification.
  private static let tlsContext: Result<NIOSSLContext, TransportError> = {
    do {
      return .success(try NIOSSLContext(configuration: .makeClientConfiguration()))
    } catch {
      return .failure(TransportError(code: .network(code: URLError.Code.secureConnectionFailed.rawValue)))
    }
  }()

  /// `seconds` as NIO's time, a year at most (a limit of `.infinity` means none a user would reach).
  static func timeAmount(_ seconds: TimeInterval) -> TimeAmount {
    .nanoseconds(Int64(min(max(seconds, 0), 365 * 86_400) * 1e9))
  }
}
