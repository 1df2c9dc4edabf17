import AnimalsData
import AnimalsDataServerCore
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The server's connection limits: one past the most open at once is closed as it arrives, and a
/// connection that sends nothing is closed once its idle time passes — each seen as the end of the
/// stream the client reads, never as a wait of some length. The two are checked on servers of their
/// own so that neither depends on how fast a loaded machine sends the other's requests.
@Suite(.timeLimit(.minutes(10)))
struct ConnectionLimitTests {
  private static let request = "GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

  @Test func onePastTheLimitIsRefusedAtOnceAndAClosedPlaceIsFreeAgain() async throws {
    // An idle time no run reaches: only the limit closes a connection here.
    let server = try await RunningServer.start(store: LocalStore(path: nil), idleTimeout: .seconds(600), maxConnections: 2)
    var first: RawConnection? = try RawConnection(port: server.port)
    let second = try RawConnection(port: server.port)
    // Both are open: each answers a request (which also shows they were admitted).
    #expect(try await first?.exchange(Self.request).hasPrefix("HTTP/1.1 404") == true)
    #expect(try await second.exchange(Self.request).hasPrefix("HTTP/1.1 404"))
    let third = try RawConnection(port: server.port)
    #expect(try await third.readToEnd().isEmpty, "the third connection was served")
    // The first one closed, its place is free again once the server has seen it go: a new client
    // is either served or refused at once, so asking until one is served waits for that (the
    // suite's time limit is the guard).
    first = nil
    while try await !RawConnection(port: server.port).exchange(Self.request).hasPrefix("HTTP/1.1 404") {
      try await Task.sleep(for: .milliseconds(10))
    }
    await server.stop()
  }

  @Test func anIdleConnectionIsClosedByTheServer() async throws {
    let server = try await RunningServer.start(store: LocalStore(path: nil), idleTimeout: .milliseconds(300))
    let idle = try RawConnection(port: server.port)
    let opened = ContinuousClock.now
    // The server ends the stream (nothing was sent, so nothing is answered), and not before the
    // idle time: a refused connection would end at once.
    #expect(try await idle.readToEnd().isEmpty)
    #expect(ContinuousClock.now - opened >= .milliseconds(300))
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
