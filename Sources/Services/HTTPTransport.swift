import Foundation
import NIOCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTTP client every domain's remote store loads through. Each exchange is one request on a
/// connection of its own, held to one `TransportLimits` (silence, a deadline on the whole exchange,
/// a cap on the body), and its body is read from the socket only as fast as it is kept: a server
/// that sends without end costs the cap and one socket read of memory, never more. It follows no
/// redirect (the 3xx response is the answer) and also answers `file://` URLs from disk as a server
/// would: status 200, `application/json`. Its failures are `TransportError`s that name no URL, port
/// or path.
///
/// It speaks HTTP/1.1 over SwiftNIO, with TLS for `https` (the system's trust roots), rather than
/// through FoundationNetworking's `URLSession`, whose libcurl reads a body as fast as the network
/// gives it and queues it for the delegate: past the cap, gigabytes could be waiting to be dropped.
public final class HTTPTransport: NetworkSessionURLSession {
  private let limits: TransportLimits

  /// Creates a transport whose exchanges are bounded by `limits`.
  public init(limits: TransportLimits = TransportLimits()) {
    self.limits = limits
  }

  /// Creates a transport whose requests fail with `timedOut` when the server sends nothing for
  /// `timeout` seconds, or with `deadlineExceeded` when a whole exchange takes longer than
  /// `resourceTimeout` (at least `timeout`; `timeout` when nil), with the default cap on bodies.
  public convenience init(timeout: TimeInterval, resourceTimeout: TimeInterval? = nil) {
    self.init(limits: TransportLimits(timeout: timeout, resourceTimeout: resourceTimeout))
  }
}

extension HTTPTransport {
  /// The body and response of `request`, within the limits; a `file://` URL is read from disk.
  public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
    guard let url = request.url else { throw TransportError(code: .network(code: URLError.Code.badURL.rawValue)) }
    if url.isFileURL {
      return try Self.contentsOfFile(url: url, limits: limits)
    }
    let exchange = try HTTPWireExchange(request: request, limits: limits)
    let answer = HTTPExchangeAnswer()
    let limits = self.limits
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { waiter in
        answer.wait(with: waiter)
        // The deadline runs on the transport's own event loop, not on the cooperative pool, which
        // a busy process may keep from waking a sleeping task for a long time. It ends the
        // exchange by closing its connection (or the one it is making, once made).
        let deadline = NIODeadline.now() + HTTPWireExchange.timeAmount(limits.deadline)
        let alarm = HTTPWireExchange.eventLoops.next().scheduleTask(deadline: deadline) {
          // With no response's head after at least the idle timeout, the server has most likely
          // been silent all along: it timed out, as the older initializers' equal limits always said.
          let silent = limits.deadline >= limits.idleTimeout && !exchange.progress.hasResponseHead
          if answer.give(.failure(TransportError(code: silent ? .timedOut : .deadlineExceeded(seconds: limits.deadline)))) {
            exchange.progress.abandon()
          }
        }
        answer.whenGiven { alarm.cancel() }
        exchange.start(answering: answer)
      }
    } onCancel: {
      if answer.give(.failure(TransportError(code: .cancelled))) {
        exchange.progress.abandon()
      }
    }
  }
}
