import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real network session of both domains' remote stores: a `NetworkSession` over a
/// `HTTPTransport` (one `TransportLimits` on every exchange, no redirect followed, `file://`
/// URLs read from disk). A type of its own, rather than `NetworkSession` itself, so a client that
/// conforms `NetworkSession` to a domain's `RemoteStoreNetworkSession`, as the guide's clients do,
/// does not collide with the domain's own conformance. Its failures are
/// `NetworkSession<HTTPTransport>.Error`s whose descriptions name no URL or port
/// (`connection refused`, `HTTP status 404: …`).
public final class JSONNetworkSession: Sendable {
  /// The timeout used when none is given: 10 seconds.
  public static let defaultTimeout: TimeInterval = 10

  /// How a fetch failed: the step, and that step's error.
  public typealias Error = NetworkSession<HTTPTransport>.Error

  private let session: NetworkSession<HTTPTransport>

  /// Creates a session whose exchanges are bounded by `limits`.
  public init(limits: TransportLimits) {
    self.session = NetworkSession(urlSession: HTTPTransport(limits: limits))
  }

  /// Creates a session whose requests fail with `timed out` when the server sends nothing for
  /// `timeout` seconds, or past their deadline when a whole exchange takes longer than
  /// `resourceTimeout` (at least `timeout`; `timeout` when nil); bodies have the default cap.
  public convenience init(timeout: TimeInterval = JSONNetworkSession.defaultTimeout, resourceTimeout: TimeInterval? = nil) {
    self.init(limits: TransportLimits(timeout: timeout, resourceTimeout: resourceTimeout))
  }
}

extension JSONNetworkSession {
  /// Sends `request` (reads the file of a `file://` URL) and decodes the body of a successful
  /// `application/json` response as `T` with `decoder`.
  public func json<T: Decodable>(for request: URLRequest, from decoder: JSONDecoder) async throws -> T {
    try await self.session.json(for: request, from: decoder)
  }
}
