import Foundation

#if canImport(Glibc)
import Glibc
private let streamSocket = Int32(SOCK_STREAM.rawValue)
private let noSignal = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
import Darwin
private let streamSocket = SOCK_STREAM
private let noSignal: Int32 = 0
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 and an ephemeral port for integration tests.
///
/// It serves one connection at a time on its own thread, answers each request by its path with
/// the reply the test gave (404 for other paths), and stops by itself after `lifetime` seconds
/// if the test does not stop it first.
final class TestHTTPServer: @unchecked Sendable {
  /// How the server answers a request.
  enum Reply: Sendable {
    /// A complete response with this status and body.
    case respond(status: Int, body: Data)
    /// Reads the request and never answers, holding the connection open until the server stops.
    case silent
  }

  /// The port the server listens on.
  let port: UInt16
  private let listener: Int32
  private let routes: [String: Reply]
  private let lock = NSLock()
  private var stopped = false

  /// Starts listening and serving `routes` (keyed by path, e.g. `/all_day.geojson`).
  init(routes: [String: Reply], lifetime: TimeInterval = 30) throws {
    let (socket, port) = try Self.bindLoopback()
    guard listen(socket, 16) == 0 else {
      close(socket)
      throw POSIXError(.EADDRINUSE)
    }
    self.listener = socket
    self.port = port
    self.routes = routes
    let deadline = Date().addingTimeInterval(lifetime)
    Thread.detachNewThread { [self] in
      self.serve(until: deadline)
    }
  }

  /// The base URL of the server, with a trailing slash.
  var baseURL: URL {
    URL(string: "http://127.0.0.1:\(self.port)/") ?? URL(filePath: "/")
  }

  /// Asks the serving thread to close every socket and end (within a tenth of a second).
  func stop() {
    self.lock.withLock { self.stopped = true }
  }

  private var isStopped: Bool {
    self.lock.withLock { self.stopped }
  }
}

extension TestHTTPServer {
  /// A port on 127.0.0.1 where nothing listens: the socket is bound (so no one else gets the
  /// port) but not listening, so connecting to it is refused. Close the socket when done.
  static func refusingPort() throws -> (socket: Int32, port: UInt16) {
    try self.bindLoopback()
  }

  private static func bindLoopback() throws -> (socket: Int32, port: UInt16) {
    let fd = socket(AF_INET, streamSocket, 0)
    guard fd >= 0 else {
      throw POSIXError(.EMFILE)
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
    }
    var actual = sockaddr_in()
    var actualLength = length
    let named = withUnsafeMutablePointer(to: &actual) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &actualLength) }
    }
    guard bound == 0, named == 0 else {
      close(fd)
      throw POSIXError(.EADDRNOTAVAIL)
    }
    return (fd, UInt16(bigEndian: actual.sin_port))
  }
}

extension TestHTTPServer {
  private func serve(until deadline: Date) {
    var held: [Int32] = []
    while !self.isStopped, Date() < deadline {
      var poller = pollfd(fd: self.listener, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else {
        continue
      }
      let client = accept(self.listener, nil, nil)
      guard client >= 0 else {
        continue
      }
      let path = Self.readRequestPath(client)
      switch self.routes[path] ?? .respond(status: 404, body: Data("{\"error\":\"not found\"}".utf8)) {
      case .respond(let status, let body):
        Self.write(client, status: status, body: body)
        close(client)
      case .silent:
        held.append(client)
      }
    }
    for client in held {
      close(client)
    }
    close(self.listener)
  }

  private static func readRequestPath(_ client: Int32) -> String {
    var timeout = timeval(tv_sec: 2, tv_usec: 0)
    setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var request = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while request.count < 65_536, request.range(of: Data("\r\n\r\n".utf8)) == nil {
      let count = recv(client, &buffer, buffer.count, 0)
      guard count > 0 else {
        break
      }
      request.append(contentsOf: buffer[0..<count])
    }
    let requestLine = String(decoding: request, as: UTF8.self).prefix { $0 != "\r" && $0 != "\n" }
    let parts = requestLine.split(separator: " ")
    return parts.count >= 2 ? String(parts[1]) : "/"
  }

  private static func write(_ client: Int32, status: Int, body: Data) {
    let head = "HTTP/1.1 \(status) \(status < 400 ? "OK" : "Error")\r\n"
      + "Content-Type: application/json\r\n"
      + "Content-Length: \(body.count)\r\n"
      + "Connection: close\r\n\r\n"
    var bytes = Data(head.utf8)
    bytes.append(body)
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let sent = send(client, raw.baseAddress.map { $0 + offset }, raw.count - offset, noSignal)
        guard sent > 0 else {
          return
        }
        offset += sent
      }
    }
  }
}
