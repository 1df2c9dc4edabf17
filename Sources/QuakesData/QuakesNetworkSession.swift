import Foundation
import Services

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real network session of `RemoteStore`: the shared `JSONNetworkSession` (HTTP(S) with
/// bounded timeouts, `file://` URLs read from disk), its failures told as `FeedError`s.
final public class QuakesNetworkSession: RemoteStoreNetworkSession {
  private let session: JSONNetworkSession

  /// Creates a session whose requests fail with `FeedError.timedOut` when the server sends
  /// nothing for `timeout` seconds, or the whole transfer takes longer than `resourceTimeout`.
  public init(timeout: TimeInterval = 10, resourceTimeout: TimeInterval = 60) {
    self.session = JSONNetworkSession(timeout: timeout, resourceTimeout: resourceTimeout)
  }
}

extension QuakesNetworkSession {
  /// Loads `request` (from disk for a `file://` URL) and decodes its body as `T`.
  public func json<T>(for request: URLRequest, from decoder: JSONDecoder) async throws -> T where T: Decodable {
    do {
      return try await self.session.json(for: request, from: decoder)
    } catch let error as JSONNetworkSession.Error {
      throw FeedError(error)
    }
  }
}

extension FeedError {
  /// The feed failure a network failure stands for, in the feed's own words.
  init(_ error: JSONNetworkSession.Error) {
    switch error.code {
    case .httpStatus(let status): self = .httpStatus(status)
    case .malformedResponse: self = .malformedFeed(error.message ?? "not valid JSON")
    case .connectionRefused: self = .connectionRefused
    case .timedOut: self = .timedOut
    case .fileNotFound: self = .feedNotFound
    case .fileUnreadable: self = .unreachable("feed unreadable")
    case .cannotFindHost: self = .unreachable("host not found")
    case .connectionLost: self = .unreachable("connection lost")
    case .cancelled: self = .unreachable("cancelled")
    case .notHTTP: self = .unreachable("bad server response")
    case .network(let code?): self = .unreachable(Self.phrase(forURLErrorCode: code))
    case .network(nil): self = .unreachable("network error")
    }
  }

  /// The feed's words for the transport failures the shared session leaves as numbered codes.
  private static func phrase(forURLErrorCode code: Int) -> String {
    switch URLError.Code(rawValue: code) {
    case .notConnectedToInternet:
      "not connected to the internet"
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      "secure connection failed"
    case .badServerResponse, .cannotParseResponse:
      "bad server response"
    default:
      "network error \(code)"
    }
  }
}
