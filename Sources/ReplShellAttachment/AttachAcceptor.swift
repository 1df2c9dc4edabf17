#if canImport(Glibc)
import Glibc
import SessionProtocol
#endif
import Dispatch
import Logging
import ReplShellTransport
import Synchronization

/// Accepts the shells that connect to an attachment's listening socket, without a thread of its
/// own: the listener is non-blocking and a dispatch read source watches it (as `Interrupt` watches
/// its pipe), so `accept` runs only when a connection waits and never blocks. Each shell of the
/// app's user goes to the attachment's serving task; a shell of another user is refused and
/// closed here.
///
/// The source owns the listener's descriptor from `start` on: `cancel()` stops it, and the
/// descriptor is closed in the source's cancel handler, once dispatch no longer watches it (a
/// descriptor closed under a live source could be reused by the next socket the app opens).
final class AttachAcceptor: Sendable {
  /// The source that watches the listener: set up in `init`, and only `cancel()` touches it after.
  private let source: Mutex<any DispatchSourceRead>

  /// Watches `listener`, handing every accepted shell to `accepted`, which finishes once the
  /// acceptor is cancelled (or the listener fails); `logger` says why a shell was refused.
  init(listener: AttachSocket, into accepted: AsyncStream<AttachSocket>.Continuation, logger: Logger) {
    let descriptor = listener.descriptor
    // Non-blocking: `accept` returns EAGAIN once every waiting connection is taken. (The sockets
    // `accept` returns do not inherit the flag: they stay blocking, as their readers expect.)
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    source = Mutex(DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: DispatchQueue(label: "replshell.attach.accept")))
    source.withLock { source in
      source.setEventHandler { [source] in
        if !Self.acceptWaiting(on: descriptor, into: accepted, logger: logger) { source.cancel() }
      }
      source.setCancelHandler {
        accepted.finish()
        listener.close()
      }
      source.resume()
    }
  }

  /// Stops accepting; the listener is closed and the stream of accepted shells finishes soon after.
  func cancel() {
    source.withLock { $0.cancel() }
  }

  /// Accepts every connection waiting on `descriptor`; false when the listener failed for good.
  private static func acceptWaiting(
    on descriptor: Int32, into accepted: AsyncStream<AttachSocket>.Continuation, logger: Logger
  ) -> Bool {
    while true {
      let connection = accept(descriptor, nil, nil)
      guard connection >= 0 else {
        switch errno {
        case EINTR, ECONNABORTED: continue
        case EAGAIN, EWOULDBLOCK: return true
        default:
          // As a blocking `accept` did: the listener is done (a level-triggered source would
          // otherwise fire again at once, for as long as the error lasts).
          logger.error("replshell attachment: stopped accepting shells: \(String(cString: strerror(errno)))")
          return false
        }
      }
      let socket = AttachSocket(descriptor: connection)
      if let refusal = PeerCheck.refusal(of: socket) {
        logger.warning("replshell attachment: \(refusal.appMessage)")
        socket.send(AppMessage.refused(refusal.shellMessage))
        socket.shutdown()
        socket.close()
        continue
      }
      accepted.yield(socket)
    }
  }
}
