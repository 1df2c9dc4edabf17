import NIOCore
import Synchronization

/// How far one `HTTPWireExchange` has come, shared with the deadline that may end it: whether
/// the response's head has arrived (a deadline before it means the server was silent), whether
/// the idle timeout ended it, and the connection to close when the exchange is abandoned.
final class HTTPExchangeProgress: Sendable {
  private struct State {
    var channel: (any Channel)?
    var hasResponseHead = false
    var fellSilent = false
    var abandoned = false
  }

  private let state = Mutex(State())

  /// Whether the response's head has arrived.
  var hasResponseHead: Bool {
    state.withLock { $0.hasResponseHead }
  }

  /// Notes that the response's head has arrived.
  func sawResponseHead() {
    state.withLock { $0.hasResponseHead = true }
  }

  /// Whether the server's silence for the idle timeout ended the connection: whatever else then
  /// failed (a write on the closed connection) failed because of it.
  var fellSilent: Bool {
    state.withLock { $0.fellSilent }
  }

  /// Notes that the idle timeout ended the connection.
  func noteSilence() {
    state.withLock { $0.fellSilent = true }
  }

  /// Keeps `channel` to close on `abandon()`; closes it at once when the exchange was abandoned
  /// while it connected.
  func connected(_ channel: any Channel) {
    let abandoned = state.withLock { state in
      state.channel = channel
      return state.abandoned
    }
    if abandoned { channel.close(promise: nil) }
  }

  /// Ends the exchange: its connection is closed, now or as soon as it is made.
  func abandon() {
    let channel = state.withLock { state in
      state.abandoned = true
      return state.channel
    }
    channel?.close(promise: nil)
  }
}
