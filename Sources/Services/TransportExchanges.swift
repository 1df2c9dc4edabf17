import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of `URLSessionTransport`'s session: it keeps each exchange's body as it arrives,
/// up to the cap, refuses every redirect, and ends an exchange early when a limit is passed.
///
/// Data tasks made without a completion handler hand their body to this delegate alone, so a body
/// past the cap is never held in full anywhere: what passes it is dropped and the task cancelled.
final class TransportExchanges: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // @unchecked Sendable: `NSObject` is not `Sendable`; this class's only mutable state is
  // `open`, behind a `Mutex`, and `maxBodyBytes` is a constant.

  /// What one exchange has received so far, and who waits for its end.
  private struct Exchange {
    let continuation: CheckedContinuation<(Data, URLResponse), any Error>
    var response: URLResponse?
    var body = Data()
  }

  private let maxBodyBytes: Int
  private let open = Mutex<[Int: Exchange]>([:])

  /// A delegate whose exchanges refuse bodies of more than `maxBodyBytes`.
  init(maxBodyBytes: Int) {
    self.maxBodyBytes = maxBodyBytes
  }
}

extension TransportExchanges {
  /// Starts keeping `task`'s answer for `continuation`, which is resumed exactly once: with the
  /// body and response, with the error the task ended with, or with the limit `end` names.
  func begin(_ task: URLSessionTask, continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
    open.withLock { $0[task.taskIdentifier] = Exchange(continuation: continuation) }
  }

  /// Ends `task`'s exchange with `error` and cancels the task, unless it has ended already.
  func end(_ task: URLSessionTask, with error: TransportError) {
    guard let exchange = open.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
    task.cancel()
    exchange.continuation.resume(throwing: error)
  }

  /// Whether `task`'s exchange has its response's head; false once the exchange has ended.
  func hasResponse(_ task: URLSessionTask) -> Bool {
    open.withLock { $0[task.taskIdentifier]?.response != nil }
  }

  /// The error of a body of `count` bytes: nil while it is within the cap.
  private func refusal(ofBodyOf count: Int64) -> TransportError? {
    count > Int64(maxBodyBytes) ? TransportError(code: .bodyTooLarge(limit: maxBodyBytes)) : nil
  }
}

extension TransportExchanges {
  /// Refuses every redirect: the 3xx response is the answer. A client that followed one would
  /// send a request the first server may already have applied to another server.
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }

  /// Keeps the response; refuses it at once when its declared length passes the cap.
  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    if let refusal = refusal(ofBodyOf: response.expectedContentLength) {
      end(dataTask, with: refusal)
      completionHandler(.cancel)
      return
    }
    open.withLock { $0[dataTask.taskIdentifier]?.response = response }
    completionHandler(.allow)
  }

  /// Appends `data` to the body, or ends the exchange when the body would pass the cap.
  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let passed = open.withLock { open -> Bool in
      guard var exchange = open[dataTask.taskIdentifier] else { return false }
      if refusal(ofBodyOf: Int64(exchange.body.count) + Int64(data.count)) != nil { return true }
      // Out of the dictionary while it grows, so the body is not copied.
      open[dataTask.taskIdentifier] = nil
      exchange.body.append(data)
      open[dataTask.taskIdentifier] = exchange
      return false
    }
    if passed { end(dataTask, with: TransportError(code: .bodyTooLarge(limit: maxBodyBytes))) }
  }

  /// Hands the exchange's body and response, or the task's error, to whoever waits for it.
  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    guard let exchange = open.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
    if let error {
      exchange.continuation.resume(throwing: error)
    } else if let response = exchange.response ?? task.response {
      exchange.continuation.resume(returning: (exchange.body, response))
    } else {
      exchange.continuation.resume(throwing: URLError(.badServerResponse))
    }
  }
}
