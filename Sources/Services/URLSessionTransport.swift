import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URL session both domains' remote stores load through: a private `URLSession` with bounded
/// timeouts and no cache, which also answers `file://` URLs from disk (swift-corelibs-foundation's
/// `URLSession` has no file protocol) as a server would: status 200, `application/json`. Its
/// failures are `TransportError`s that name no URL, port or path.
public final class URLSessionTransport: NetworkSessionURLSession {
  private let session: URLSession
  private let timeout: TimeInterval

  /// Creates a session whose requests fail with `timedOut` when the server sends nothing for
  /// `timeout` seconds, or when a whole transfer takes longer than `resourceTimeout` (at least `timeout`).
  public init(timeout: TimeInterval, resourceTimeout: TimeInterval? = nil) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = max(timeout, resourceTimeout ?? timeout)
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    self.session = URLSession(configuration: configuration)
    self.timeout = timeout
  }

  deinit {
    self.session.finishTasksAndInvalidate()
  }
}

extension URLSessionTransport {
  /// The body and response of `request`; a `file://` URL is read from disk.
  public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
    if let url = request.url, url.isFileURL {
      return try Self.contentsOfFile(url: url)
    }
    var request = request
    request.timeoutInterval = self.timeout
    do {
      return try await self.session.data(for: request, delegate: nil)
    } catch let error as URLError {
      throw TransportError(error)
    } catch is CancellationError {
      throw TransportError(code: .cancelled)
    } catch let error as NSError where error.domain == NSURLErrorDomain {
      throw URLError.Code(rawValue: error.code).map { TransportError(URLError($0)) }
        ?? TransportError(code: .network(code: error.code))
    } catch {
      throw TransportError(code: .network(code: nil))
    }
  }

  /// The file at `url` with the response a server would give for it.
  private static func contentsOfFile(url: URL) throws(TransportError) -> (Data, URLResponse) {
    guard FileManager.default.fileExists(atPath: url.path(percentEncoded: false)) else {
      throw TransportError(code: .fileNotFound)
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw TransportError(code: .fileUnreadable)
    }
    let headers = ["Content-Type": NetworkJSONHandler.jsonMIMEType, "Content-Length": "\(data.count)"]
    guard let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: headers) else {
      throw TransportError(code: .fileUnreadable)
    }
    return (data, response)
  }
}
