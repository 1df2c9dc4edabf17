import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP server for one connection on 127.0.0.1, on blocking sockets, whose answer to any
/// request is a body without end: it counts the bytes the kernel took from it, which is what the
/// client read plus what the two kernels' buffers hold — so a test sees how far a client reads
/// past its cap, with no server framework's own buffering in between.
package final class EndlessBodyServer: Sendable {
  /// The server's send buffer, asked small so that most of what it counts has reached the client.
  package static let sendBuffer = 64 << 10

  /// The server's URL, `http://127.0.0.1:PORT/feed`.
  package let url: URL
  private let listener: Int32

  /// Listens on a free port of 127.0.0.1.
  package init() throws {
    let socket = try LoopbackSocket()
    try socket.listen()
    self.listener = socket.descriptor
    self.url = URL(string: "http://127.0.0.1:\(socket.port)/feed")!
  }

  /// Accepts one connection, reads its request's head, answers status 200 with no length and
  /// writes 64 KiB blocks until the client stops taking them (it closed) or `limit` bytes are
  /// written; returns the body's bytes the kernel took. A client that neither reads nor closes
  /// for `patience` seconds ends it too. Closes the server.
  package func serveOne(limit: Int, patience: Int = 120) async throws -> Int {
    try await offThePool { () throws -> Int in
      defer { close(self.listener) }
      let connection = accept(self.listener, nil, nil)
      guard connection >= 0 else { throw POSIXError(.ECONNABORTED) }
      defer { close(connection) }
      var size = Int32(Self.sendBuffer)
      setsockopt(connection, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
      var timeout = timeval(tv_sec: patience, tv_usec: 0)
      setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      try Self.readRequestHead(from: connection)
      guard Self.send(Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n".utf8), on: connection) else {
        return 0
      }
      let block = [UInt8](repeating: UInt8(ascii: " "), count: 64 << 10)
      var written = 0
      while written < limit {
        let sent = block.withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent > 0 else { break }
        written += sent
      }
      return written
    }
  }

  /// Reads until the end of a request's head (an empty line).
  private static func readRequestHead(from connection: Int32) throws {
    var received: [UInt8] = []
    var byte: UInt8 = 0
    while !received.ends(with: Array("\r\n\r\n".utf8)) {
      guard recv(connection, &byte, 1, 0) == 1, received.count < 1 << 16 else { throw POSIXError(.EBADMSG) }
      received.append(byte)
    }
  }

  /// Sends every byte of `bytes`; false when the client stopped taking them.
  private static func send(_ bytes: [UInt8], on connection: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }
}

extension Array where Element: Equatable {
  fileprivate func ends(with suffix: [Element]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}
