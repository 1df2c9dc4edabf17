import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The network seam of `RemoteStore`: loads a request and decodes its JSON body, so tests can
/// substitute canned answers for real networking.
public protocol RemoteStoreNetworkSession: Sendable {
  /// Loads `request` and decodes the body as `T` with `decoder`.
  func json<T>(for request: URLRequest, from decoder: JSONDecoder) async throws -> T where T: Decodable
}
