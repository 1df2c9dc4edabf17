import AnimalsData
import AnimalsDataServerCore
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The server's connection limits: a connection that sends nothing is closed once its idle time
/// passes, and one past the most open at once is closed as it arrives — each seen as the end of
/// the stream the client reads, not as a wait of some length.
@Suite(.timeLimit(.minutes(2)))
struct ConnectionLimitTests {
  @Test func anIdleConnectionIsClosedAndOnePastTheLimitIsRefusedAtOnce() async throws {
    let server = try await RunningServer.start(
      store: LocalStore(path: nil), idleTimeout: .milliseconds(300), maxConnections: 2)
    let first = try RawConnection(port: server.port)
    let second = try RawConnection(port: server.port)
    // Both are open: each answers a request (which also shows they were admitted).
    #expect(try await first.exchange("GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").hasPrefix("HTTP/1.1 404"))
    #expect(try await second.exchange("GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").hasPrefix("HTTP/1.1 404"))
    let third = try RawConnection(port: server.port)
    #expect(try await third.readToEnd().isEmpty, "the third connection was served")
    // Left idle, the two are closed by the server.
    _ = try await first.readToEnd()
    _ = try await second.readToEnd()
    // Their places are free again: a client is served as before.
    let fourth = try RawConnection(port: server.port)
    #expect(try await fourth.exchange("GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").hasPrefix("HTTP/1.1 404"))
    await server.stop()
  }
}

/// A TCP connection to loopback, read and written with blocking calls off the cooperative pool.
private final class RawConnection: Sendable {
  let descriptor: Int32

  init(port: Int) throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else {
      close(descriptor)
      throw POSIXError(.ECONNREFUSED)
    }
  }

  deinit { close(descriptor) }

  /// Sends `request` and returns the first bytes of the answer as text.
  func exchange(_ request: String) async throws -> String {
    let bytes = Array(request.utf8)
    _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    return String(decoding: await offThePool { self.readOnce() }, as: UTF8.self)
  }

  /// Everything until the server closes the connection.
  func readToEnd() async throws -> [UInt8] {
    await offThePool {
      var all: [UInt8] = []
      while true {
        let chunk = self.readOnce()
        if chunk.isEmpty { return all }
        all += chunk
      }
    }
  }

  private func readOnce() -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    return count > 0 ? Array(buffer[..<count]) : []
  }

  private func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: work()) }
    }
  }
}
