import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP/1.1 request on a connection of its own, and its response, run on the transport's own
/// event loop: each read of the body is kept (or refused at the cap) as it arrives, so a server
/// that sends without end is never read past the cap and one read in flight
/// (`HTTPResponseCollector`).
///
/// The whole exchange's deadline is `HTTPTransport`'s; a silence of the idle timeout (no byte
/// read, the connection included) ends it here as `timedOut`.
struct HTTPWireExchange: Sendable {
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
  /// Connects and sends the request, on the transport's event loop; the response, or the failure
  /// that comes first, is given to `answer`. Returns at once.
  func start(answering answer: HTTPExchangeAnswer) {
    let tls: NIOSSLContext?
    do {
      tls = usesTLS ? try Self.tlsContext.get() : nil
    } catch {
      answer.give(.failure(error))
      return
    }
    // SNI names a host, never an address.
    let serverName = Self.address(host, port: port) == nil ? host : nil
    let silence = Self.timeAmount(limits.idleTimeout)
    let bootstrap = ClientBootstrap(group: Self.eventLoops)
      .connectTimeout(silence)
      .channelOption(.tcpOption(.tcp_nodelay), value: 1)
      .channelInitializer { [self] channel in
        channel.eventLoop.makeCompletedFuture {
          let pipeline = channel.pipeline.syncOperations
          try pipeline.addHandler(IdleStateHandler(readTimeout: silence))
          if let tls {
            try pipeline.addHandler(NIOSSLClientHandler(context: tls, serverHostname: serverName))
          }
          try pipeline.addHTTPClientHandlers()
          try pipeline.addHandler(SilenceAlarm(progress: progress))
          try pipeline.addHandler(HTTPResponseCollector(exchange: self, answer: answer))
        }
      }
    // An address needs no resolver (which takes a thread of its own for every connection).
    let connected = Self.address(host, port: port).map { bootstrap.connect(to: $0) } ?? bootstrap.connect(host: host, port: port)
    connected.whenComplete { [progress] result in
      switch result {
      case .success(let channel): progress.connected(channel)
      case .failure(let error): answer.give(.failure(TransportError(wireError: error)))
      }
    }
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

  /// The `HTTPURLResponse` for `head`: a header given several times is one comma-separated field.
  func response(for head: HTTPResponseHead) throws(TransportError) -> HTTPURLResponse {
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
