import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The client side of a test's TCP connection to a server on 127.0.0.1: connect with a receive
/// timeout, write every byte. The reads are the test's own.
package enum LoopbackClient {
  /// A socket connected to 127.0.0.1:`port` whose reads give up after `receiveTimeout` seconds;
  /// nil when the connection is refused. Close it when done.
  package static func connect(port: Int, receiveTimeout: Int) -> Int32? {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    var timeout = timeval(tv_sec: receiveTimeout, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else {
      close(descriptor)
      return nil
    }
    return descriptor
  }
}

/// Runs a blocking `body` (a socket read, a wait for a child) on a thread of its own and returns
/// what it returned: on the cooperative pool, one thread a core, it would hold up every other
/// test in the process.
package func offThePool<T>(_ body: @escaping () throws -> T) async throws -> T {
  let work = UncheckedTransfer(value: body)
  return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<UncheckedTransfer<T>, any Error>) in
    Thread { continuation.resume(with: Result { UncheckedTransfer(value: try work.value()) }) }.start()
  }.value
}

/// A value handed from one thread to another that only the receiver then uses.
private struct UncheckedTransfer<Value>: @unchecked Sendable {
  let value: Value
}
