import NIOCore
import Synchronization

/// The most connections a server keeps open at once: each new connection counts itself in as its
/// pipeline is built, and one past the limit is closed at once, before a byte of it is read, so a
/// client that opens connections without end cannot make the server hold them all.
final class ConnectionLimit: Sendable {
  /// How many connections may be open at once.
  let maximum: Int
  private let open = Mutex(0)

  init(maximum: Int) {
    self.maximum = maximum
  }

  /// The handler that counts one connection while its pipeline holds it.
  func handler() -> CountedConnection {
    CountedConnection(limit: self)
  }

  /// Counts a connection in; false when the limit is reached already (it is not counted then).
  fileprivate func admit() -> Bool {
    open.withLock { count in
      guard count < maximum else { return false }
      count += 1
      return true
    }
  }

  fileprivate func release() {
    open.withLock { $0 -= 1 }
  }
}

/// One connection's place under a `ConnectionLimit`, held from the moment the handler joins its
/// pipeline until the pipeline lets it go (the connection closed).
final class CountedConnection: ChannelInboundHandler, RemovableChannelHandler, Sendable {
  typealias InboundIn = NIOAny

  private let limit: ConnectionLimit
  private let admitted: Mutex<Bool> = Mutex(false)

  fileprivate init(limit: ConnectionLimit) {
    self.limit = limit
  }

  func handlerAdded(context: ChannelHandlerContext) {
    let admitted = limit.admit()
    self.admitted.withLock { $0 = admitted }
    if !admitted { context.close(promise: nil) }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    let wasAdmitted = admitted.withLock { admitted in
      defer { admitted = false }
      return admitted
    }
    if wasAdmitted { limit.release() }
  }
}
