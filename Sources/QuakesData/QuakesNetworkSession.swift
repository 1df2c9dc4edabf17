import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real network session of `RemoteStore`: `URLSession` for HTTP(S) with a bounded timeout,
/// and direct disk reads for `file://` URLs. Every failure is a `FeedError`.
final public class QuakesNetworkSession: RemoteStoreNetworkSession {
  private let session: URLSession

  /// Creates a session whose requests fail with `FeedError.timedOut` when the server sends
  /// nothing for `timeout` seconds, or the whole transfer takes longer than `resourceTimeout`.
  public init(timeout: TimeInterval = 10, resourceTimeout: TimeInterval = 60) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = max(timeout, resourceTimeout)
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    self.session = URLSession(configuration: configuration)
  }

  deinit {
    self.session.finishTasksAndInvalidate()
  }
}

extension QuakesNetworkSession {
  /// Loads `request` (from disk for a `file://` URL) and decodes its body as `T`.
  public func json<T>(for request: URLRequest, from decoder: JSONDecoder) async throws -> T where T: Decodable {
    let data = try await self.data(for: request)
    guard !data.isEmpty else {
      throw FeedError.malformedFeed("empty body")
    }
    do {
      return try decoder.decode(T.self, from: data)
    } catch let error as DecodingError {
      throw FeedError(decodingError: error)
    }
  }

  private func data(for request: URLRequest) async throws -> Data {
    guard let url = request.url else {
      throw FeedError.unreachable("no URL")
    }
    if url.isFileURL {
      return try Self.contentsOfFile(url: url)
    }
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await self.session.data(for: request)
    } catch let error as URLError {
      throw Self.feedError(urlError: error)
    }
    if let response = response as? HTTPURLResponse, response.statusCode >= 400 {
      throw FeedError.httpStatus(response.statusCode)
    }
    return data
  }

  // swift-corelibs-foundation's URLSession has no file:// protocol, so files are read directly.
  private static func contentsOfFile(url: URL) throws -> Data {
    guard FileManager.default.fileExists(atPath: url.path(percentEncoded: false)) else {
      throw FeedError.feedNotFound
    }
    do {
      return try Data(contentsOf: url)
    } catch {
      throw FeedError.unreachable("feed unreadable")
    }
  }

  private static func feedError(urlError: URLError) -> FeedError {
    switch urlError.code {
    case .timedOut:
      .timedOut
    case .cannotConnectToHost:
      .connectionRefused
    case .fileDoesNotExist:
      .feedNotFound
    case .cannotFindHost, .dnsLookupFailed:
      .unreachable("host not found")
    case .notConnectedToInternet:
      .unreachable("not connected to the internet")
    case .networkConnectionLost:
      .unreachable("connection lost")
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      .unreachable("secure connection failed")
    case .badServerResponse, .cannotParseResponse:
      .unreachable("bad server response")
    case .cancelled:
      .unreachable("cancelled")
    default:
      .unreachable("network error \(urlError.code.rawValue)")
    }
  }
}
