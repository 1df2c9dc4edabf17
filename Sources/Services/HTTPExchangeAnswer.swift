import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one answer of an `HTTPTransport` exchange, given by whichever comes first — the exchange's
/// end, its deadline, or the caller's cancellation — and handed to the caller exactly once. The
/// caller waits for the answer, not for the exchange: once the deadline or a cancellation has
/// answered, the exchange is abandoned and ends on its own.
final class HTTPExchangeAnswer: Sendable {
  private struct State {
    var waiter: CheckedContinuation<(Data, URLResponse), any Error>?
    var result: Result<(Data, URLResponse), TransportError>?
  }

  private let state = Mutex(State())

  /// Hands the answer to `waiter`: at once when it is known already, else when it is given.
  func wait(with waiter: CheckedContinuation<(Data, URLResponse), any Error>) {
    let known = state.withLock { state -> Result<(Data, URLResponse), TransportError>? in
      guard let result = state.result else {
        state.waiter = waiter
        return nil
      }
      return result
    }
    if let known { waiter.resume(with: known.mapError { $0 as any Error }) }
  }

  /// Gives `result` as the answer, unless one was given already; true when it was this one.
  @discardableResult
  func give(_ result: Result<(Data, URLResponse), TransportError>) -> Bool {
    let (given, waiter) = state.withLock { state -> (Bool, CheckedContinuation<(Data, URLResponse), any Error>?) in
      guard state.result == nil else { return (false, nil) }
      state.result = result
      guard let waiter = state.waiter.take() else { return (true, nil) }
      return (true, waiter)
    }
    waiter?.resume(with: result.mapError { $0 as any Error })
    return given
  }
}
