import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one network session of both domains' remote stores: JSON over HTTP through `URLSession`
/// with bounded timeouts, and `file://` URLs read from disk (swift-corelibs-foundation's
/// `URLSession` has no file protocol). Every failure is an `Error` that names no URL, port or path.
public final class JSONNetworkSession: Sendable {
  /// The timeout used when none is given: 10 seconds.
  public static let defaultTimeout: TimeInterval = 10

  private let session: URLSession
  private let timeout: TimeInterval

  /// Creates a session whose requests fail with `timedOut` when the server sends nothing for
  /// `timeout` seconds, or when a whole transfer takes longer than `resourceTimeout` (at least `timeout`).
  public init(timeout: TimeInterval = JSONNetworkSession.defaultTimeout, resourceTimeout: TimeInterval? = nil) {
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

extension JSONNetworkSession {
  /// Sends `request` (reads the file of a `file://` URL) and decodes the body of a successful
  /// response as `T` with `decoder`.
  public func json<T: Decodable>(for request: URLRequest, from decoder: JSONDecoder) async throws -> T {
    if let url = request.url, url.isFileURL {
      return try Self.decode(data: Self.contentsOfFile(url: url), decoder: decoder)
    }
    let (data, response) = try await self.data(for: request)
    return try Self.decode(data: data, response: response, decoder: decoder)
  }

  /// The body and response of `request`, transport failures mapped to an `Error`.
  private func data(for request: URLRequest) async throws(Error) -> (Data, URLResponse) {
    var request = request
    request.timeoutInterval = self.timeout
    do {
      return try await self.session.data(for: request)
    } catch let error as URLError {
      throw Error(error)
    } catch is CancellationError {
      throw Error(code: .cancelled)
    } catch let error as NSError where error.domain == NSURLErrorDomain {
      throw URLError.Code(rawValue: error.code).map { Error(URLError($0)) } ?? Error(code: .network(code: error.code))
    } catch {
      throw Error(code: .network(code: nil))
    }
  }

  private static func contentsOfFile(url: URL) throws(Error) -> Data {
    guard FileManager.default.fileExists(atPath: url.path(percentEncoded: false)) else {
      throw Error(code: .fileNotFound)
    }
    do {
      return try Data(contentsOf: url)
    } catch {
      throw Error(code: .fileUnreadable)
    }
  }
}

extension JSONNetworkSession {
  /// Decodes the body of an HTTP response; a status of 400 or more becomes `HTTP status N` with
  /// the server's JSON error message when the body has one.
  package static func decode<T: Decodable>(data: Data, response: URLResponse, decoder: JSONDecoder) throws(Error) -> T {
    guard let response = response as? HTTPURLResponse else {
      throw Error(code: .notHTTP)
    }
    guard response.statusCode < 400 else {
      throw Error(code: .httpStatus(response.statusCode), message: Self.serverMessage(in: data))
    }
    return try Self.decode(data: data, decoder: decoder)
  }

  /// Decodes `data`; an empty or undecodable body is a `malformedResponse` that says what is wrong.
  private static func decode<T: Decodable>(data: Data, decoder: JSONDecoder) throws(Error) -> T {
    guard !data.isEmpty else {
      throw Error(code: .malformedResponse, message: "empty body")
    }
    do {
      return try decoder.decode(T.self, from: data)
    } catch let error as DecodingError {
      throw Error(code: .malformedResponse, message: error.summary)
    } catch {
      throw Error(code: .malformedResponse, message: String(describing: error))
    }
  }

  /// The message of a JSON error body: `{"error":{"message":…}}` (Hummingbird), `{"error":…}`,
  /// `{"message":…}` or `{"reason":…}` (Vapor); nil for any other body.
  private static func serverMessage(in data: Data) -> String? {
    guard let body = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
      return nil
    }
    if let error = body["error"] as? [String: Any], let message = error["message"] as? String {
      return message
    }
    return body["error"] as? String ?? body["message"] as? String ?? body["reason"] as? String
  }
}

extension JSONNetworkSession {
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
      case fileNotFound
      case fileUnreadable
      case network(code: Int?)
    }

    /// What kind of failure it was.
    public let code: Code
    /// The server's error message for an HTTP error, or what was wrong with a malformed body.
    public let message: String?

    /// Creates an error with `code` and an optional detail.
    package init(code: Code, message: String? = nil) {
      self.code = code
      self.message = message
    }

    /// The failure a `URLError` stands for; its URL is dropped.
    package init(_ error: URLError) {
      switch error.code {
      case .cannotConnectToHost: self.init(code: .connectionRefused)
      case .timedOut: self.init(code: .timedOut)
      case .cannotFindHost, .dnsLookupFailed: self.init(code: .cannotFindHost)
      case .networkConnectionLost: self.init(code: .connectionLost)
      case .cancelled: self.init(code: .cancelled)
      case .fileDoesNotExist: self.init(code: .fileNotFound)
      default: self.init(code: .network(code: error.code.rawValue))
      }
    }
  }
}

extension JSONNetworkSession.Error: CustomStringConvertible {
  /// The failure in a few words, then the server's message if there is one: `HTTP status 500: boom`.
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
      case .fileNotFound: "file not found"
      case .fileUnreadable: "file unreadable"
      case .network(let code?): "network error \(code)"
      case .network(nil): "network error"
      }
    guard let message = self.message else { return summary }
    return "\(summary): \(message)"
  }
}
