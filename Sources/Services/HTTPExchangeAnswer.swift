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
    var onGiven: (@Sendable () -> Void)?
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

  /// Runs `action` once the answer is given: now, when it is already.
  func whenGiven(_ action: @escaping @Sendable () -> Void) {
    let isGiven = state.withLock { state -> Bool in
      guard state.result != nil else {
        state.onGiven = action
        return false
      }
      return true
    }
    if isGiven { action() }
  }

  /// Gives `result` as the answer, unless one was given already; true when it was this one.
  @discardableResult
  func give(_ result: Result<(Data, URLResponse), TransportError>) -> Bool {
    typealias Taken = (given: Bool, waiter: CheckedContinuation<(Data, URLResponse), any Error>?, onGiven: (@Sendable () -> Void)?)
    let (given, waiter, onGiven) = state.withLock { state -> Taken in
      guard state.result == nil else { return (false, nil, nil) }
      state.result = result
      return (true, state.waiter.take(), state.onGiven.take())
    }
    onGiven?()
    waiter?.resume(with: result.mapError { $0 as any Error })
    return given
  }
}
