import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The network seam of `RemoteStore`: sends a request and decodes its JSON answer.
/// `URLSessionNetworkSession` is the real one; tests pass a double.
public protocol RemoteStoreNetworkSession: Sendable {
  /// Sends `request` and decodes the body of a successful response with `decoder`.
  func json<T: Decodable>(
    for request: URLRequest,
    from decoder: JSONDecoder
  ) async throws -> T
}
