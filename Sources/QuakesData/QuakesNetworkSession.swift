import Foundation
import Services

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real network session of `RemoteStore`: the shared `JSONNetworkSession` (a `NetworkSession`
/// over HTTP(S) held to one `TransportLimits`, `file://` URLs read from disk), its failures told
/// as `FeedError`s.
final public class QuakesNetworkSession: RemoteStoreNetworkSession {
  private let session: JSONNetworkSession

  /// Creates a session whose requests fail with `FeedError.timedOut` when the server sends
  /// nothing for `timeout` seconds, and with a `FeedError.unreachable` that names the deadline
  /// when the whole transfer takes longer than `resourceTimeout`; bodies have the default cap.
  public convenience init(timeout: TimeInterval = 10, resourceTimeout: TimeInterval = 60) {
    self.init(limits: TransportLimits(timeout: timeout, resourceTimeout: resourceTimeout))
  }

  /// Creates a session whose fetches are bounded by `limits`: by default 10 s of silence, 60 s
  /// for the whole feed and a 64 MiB body (the month feed is about 10 MB).
  public init(limits: TransportLimits) {
    self.session = JSONNetworkSession(limits: limits)
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
  /// The feed failure a failed fetch stands for, in the feed's own words, read from the step
  /// that failed and that step's error.
  init(_ error: JSONNetworkSession.Error) {
    if let transport = error.underlying as? TransportError {
      self = Self.failure(of: transport)
    } else if let handler = error.underlying as? NetworkJSONHandler.Error {
      self = Self.failure(of: handler)
    } else {
      self = .unreachable(error.underlying.map { String(describing: $0) } ?? "network error")
    }
  }

  /// A response refused before or while decoding: an error status says so even when its body is
  /// not JSON; anything else is a malformed feed.
  private static func failure(of error: NetworkJSONHandler.Error) -> FeedError {
    switch error.code {
    case .mimeTypeError:
      if let status = error.statusCode, !NetworkDataHandler.successfulStatusCodes.contains(status) {
        return .httpStatus(status)
      }
      return .malformedFeed("content type \(error.mimeType ?? "none"), not JSON")
    case .dataHandlerError:
      if let refusal = error.underlying as? NetworkDataHandler.Error, let status = refusal.statusCode {
        return .httpStatus(status)
      }
      return .unreachable("bad server response")
    case .jsonDecoderError:
      if let decodingError = error.underlying as? DecodingError {
        return .malformedFeed(decodingError.summary)
      }
      return .malformedFeed(error.underlying.map { String(describing: $0) } ?? "not valid JSON")
    }
  }

  /// A request that could not be loaded.
  private static func failure(of error: TransportError) -> FeedError {
    switch error.code {
    case .connectionRefused: .connectionRefused
    case .timedOut: .timedOut
    case .fileNotFound: .feedNotFound
    case .fileUnreadable: .unreachable("feed unreadable")
    case .cannotFindHost: .unreachable("host not found")
    case .connectionLost: .unreachable("connection lost")
    case .cancelled: .unreachable("cancelled")
    // The transport's own words name the limit and how to raise it.
    case .bodyTooLarge, .deadlineExceeded: .unreachable(String(describing: error))
    case .network(let code?): .unreachable(Self.phrase(forURLErrorCode: code))
    case .network(nil): .unreachable("network error")
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
