import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real network session of `RemoteStore`: `URLSession` with a bounded timeout, HTTP errors and
/// transport failures mapped to short descriptions that name no URL or port.
final public class URLSessionNetworkSession: Sendable {
  /// The timeout used when none is given: 10 seconds.
  public static let defaultTimeout: TimeInterval = 10

  private let session: URLSession
  private let timeout: TimeInterval

  /// Creates a session whose requests give up after `timeout` seconds.
  public init(timeout: TimeInterval = URLSessionNetworkSession.defaultTimeout) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    self.session = URLSession(configuration: configuration)
    self.timeout = timeout
  }

  deinit {
    self.session.finishTasksAndInvalidate()
  }
}

extension URLSessionNetworkSession: RemoteStoreNetworkSession {
  public func json<T: Decodable>(
    for request: URLRequest,
    from decoder: JSONDecoder
  ) async throws -> T {
    var request = request
    request.timeoutInterval = self.timeout
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await self.session.data(for: request)
    } catch let error as URLError {
      throw Error(error)
    } catch is CancellationError {
      throw Error(code: .cancelled)
    } catch let error as NSError where error.domain == NSURLErrorDomain {
      throw URLError.Code(rawValue: error.code).map { Error(URLError($0)) } ?? Error(code: .network(code: error.code))
    } catch {
      throw Error(code: .network(code: nil))
    }
    return try Self.decode(data: data, response: response, decoder: decoder)
  }
}

extension URLSessionNetworkSession {
  /// Why a request failed, described without URLs or ports (`connection refused`, `HTTP status 500: …`).
  public struct Error: Swift.Error, Hashable, Sendable {
    /// The kinds of failure.
    public enum Code: Hashable, Sendable {
      case connectionRefused
      case timedOut
      case cannotFindHost
      case connectionLost
      case cancelled
      case notHTTP
      case httpStatus(Int)
      case malformedResponse
      case network(code: Int?)
    }

    public let code: Code
    /// The server's error message for an HTTP error, or what was wrong with a malformed body.
    public let message: String?

    /// Creates an error with `code` and an optional detail.
    package init(code: Code, message: String? = nil) {
      self.code = code
      self.message = message
    }
  }
}

extension URLSessionNetworkSession.Error {
  /// The failure a `URLError` stands for; its URL is dropped.
  package init(_ error: URLError) {
    switch error.code {
    case .cannotConnectToHost:
      self.init(code: .connectionRefused)
    case .timedOut:
      self.init(code: .timedOut)
    case .cannotFindHost, .dnsLookupFailed:
      self.init(code: .cannotFindHost)
    case .networkConnectionLost:
      self.init(code: .connectionLost)
    case .cancelled:
      self.init(code: .cancelled)
    default:
      self.init(code: .network(code: error.code.rawValue))
    }
  }
}

extension URLSessionNetworkSession.Error: CustomStringConvertible {
  public var description: String {
    let summary =
      switch self.code {
      case .connectionRefused: "connection refused"
      case .timedOut: "timed out"
      case .cannotFindHost: "cannot find host"
      case .connectionLost: "connection lost"
      case .cancelled: "cancelled"
      case .notHTTP: "not an HTTP response"
      case .httpStatus(let status): "HTTP status \(status)"
      case .malformedResponse: "malformed response"
      case .network(let code?): "network error \(code)"
      case .network(nil): "network error"
      }
    guard let message = self.message else { return summary }
    return "\(summary): \(message)"
  }
}

extension URLSessionNetworkSession {
  /// Decodes the body of a successful HTTP response; a status of 400 or more becomes
  /// `HTTP status N` with the server's JSON error message when the body has one.
  package static func decode<T: Decodable>(
    data: Data,
    response: URLResponse,
    decoder: JSONDecoder
  ) throws -> T {
    guard let response = response as? HTTPURLResponse else {
      throw Error(code: .notHTTP)
    }
    guard response.statusCode < 400 else {
      throw Error(code: .httpStatus(response.statusCode), message: Self.serverMessage(in: data))
    }
    do {
      return try decoder.decode(T.self, from: data)
    } catch let error as DecodingError {
      throw Error(code: .malformedResponse, message: Self.summary(of: error))
    }
  }

  /// The message of a JSON error body: `{"error":{"message":…}}` (Hummingbird), `{"error":…}`,
  /// `{"message":…}` or `{"reason":…}` (Vapor); nil for any other body.
  private static func serverMessage(in data: Data) -> String? {
    guard
      let object = try? JSONSerialization.jsonObject(with: data),
      let body = object as? [String: Any]
    else {
      return nil
    }
    if let error = body["error"] as? [String: Any], let message = error["message"] as? String {
      return message
    }
    return body["error"] as? String ?? body["message"] as? String ?? body["reason"] as? String
  }

  /// A one-line account of a decoding failure: what went wrong and where, e.g. `missing key "query" at $`.
  private static func summary(of error: DecodingError) -> String {
    func path(_ codingPath: [any CodingKey]) -> String {
      "$"
        + codingPath.map { key in
          key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
        }.joined()
    }
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return "not valid JSON"
    case .dataCorrupted(let context):
      return "invalid value at \(path(context.codingPath))"
    case .keyNotFound(let key, let context):
      return "missing key \(String(reflecting: key.stringValue)) at \(path(context.codingPath))"
    case .typeMismatch(let type, let context):
      return "expected \(type) at \(path(context.codingPath))"
    case .valueNotFound(let type, let context):
      return "missing \(type) at \(path(context.codingPath))"
    @unknown default:
      return "undecodable body"
    }
  }
}
