import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What `NetworkSession` needs of a URL session: the body and response of a request. `URLSession`
/// adopts it; tests adopt it with a double that answers without a network.
public protocol NetworkSessionURLSession: Sendable {
  /// Loads `request` and returns the body and the response.
  func data(for request: URLRequest) async throws -> (Data, URLResponse)
}

#if canImport(FoundationNetworking)
extension URLSession: NetworkSessionURLSession {
  /// Loads `request` with no task delegate (Linux's `URLSession` spells this with a delegate argument).
  public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
    try await self.data(for: request, delegate: nil)
  }
}
#else
extension URLSession: NetworkSessionURLSession {}
#endif
