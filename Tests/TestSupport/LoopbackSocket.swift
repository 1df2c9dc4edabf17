import Foundation

#if canImport(Glibc)
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#endif

/// A TCP socket bound to an ephemeral port on 127.0.0.1, for tests that need a port with a known
/// behaviour: bound only, connecting is refused; listening but never accepting, a client connects
/// and then hears nothing. Close it when done.
package final class LoopbackSocket: Sendable {
  /// The port the socket is bound to.
  package let port: Int
  /// The socket's descriptor.
  package let descriptor: Int32

  /// Binds a new socket to a free port on 127.0.0.1.
  package convenience init() throws {
    try self.init(port: 0)
  }

  /// Binds a new socket to `port` on 127.0.0.1 (0: a free one); throws when it is taken.
  package init(port: Int) throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
    }
    let named = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard bound == 0, named == 0 else {
      Glibc.close(descriptor)
      throw POSIXError(.EADDRNOTAVAIL)
    }
    self.descriptor = descriptor
    self.port = Int(UInt16(bigEndian: address.sin_port))
  }

  /// A port on 127.0.0.1 that nothing listens on at the moment of asking.
  package static func freePort() throws -> Int {
    let socket = try LoopbackSocket()
    socket.close()
    return socket.port
  }

  /// Starts listening without ever accepting: connections complete, and then nothing is said.
  /// Past `backlog` connections waiting (Linux queues one more), the kernel answers no more:
  /// a connection then hangs in the making.
  package func listen(backlog: Int32 = 16) throws {
    guard Glibc.listen(self.descriptor, backlog) == 0 else { throw POSIXError(.EADDRINUSE) }
  }

  /// Closes the socket, freeing the port.
  package func close() {
    Glibc.close(self.descriptor)
  }
}
