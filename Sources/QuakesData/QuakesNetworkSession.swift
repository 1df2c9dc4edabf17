import Foundation
import Services

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real network session of `RemoteStore`: the shared `JSONNetworkSession` (a `NetworkSession`
/// over HTTP(S) with bounded timeouts, `file://` URLs read from disk), its failures told as `FeedError`s.
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
  /// The feed failure a failed fetch stands for, in the feed's own words, read from the step
  /// that failed and that step's error.
  init(_ error: JSONNetworkSession.Error) {
    switch (error.code, error.underlying) {
    case (.sessionError, let transport as TransportError):
      self.init(transport)
    case (.jsonHandlerError, let handler as NetworkJSONHandler.Error):
      self.init(handler)
    case (_, let underlying):
      self = .unreachable(underlying.map { String(describing: $0) } ?? "network error")
    }
  }

  private init(_ error: NetworkJSONHandler.Error) {
    switch (error.code, error.underlying) {
    case (.mimeTypeError, _):
      if let status = error.statusCode, !NetworkDataHandler.successfulStatusCodes.contains(status) {
        self = .httpStatus(status)
      } else {
        self = .malformedFeed("content type \(error.mimeType ?? "none"), not JSON")
      }
    case (.dataHandlerError, let refusal as NetworkDataHandler.Error):
      switch (refusal.code, refusal.statusCode) {
      case (.statusCodeError, let status?): self = .httpStatus(status)
      default: self = .unreachable("bad server response")
      }
    case (.jsonDecoderError, let decoding as DecodingError):
      self = .malformedFeed(decoding.summary)
    case (_, let underlying):
      self = .malformedFeed(underlying.map { String(describing: $0) } ?? "not valid JSON")
    }
  }

  private init(_ error: TransportError) {
    switch error.code {
    case .connectionRefused: self = .connectionRefused
    case .timedOut: self = .timedOut
    case .fileNotFound: self = .feedNotFound
    case .fileUnreadable: self = .unreachable("feed unreadable")
    case .cannotFindHost: self = .unreachable("host not found")
    case .connectionLost: self = .unreachable("connection lost")
    case .cancelled: self = .unreachable("cancelled")
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
