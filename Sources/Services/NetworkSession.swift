import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches JSON: loads a request through a URL session (any `NetworkSessionURLSession`, so tests
/// can inject one) and decodes the answer with `NetworkJSONHandler`. A failure is an `Error` that
/// says which of the two steps failed and keeps that step's error.
final public class NetworkSession<URLSession>: Sendable where URLSession: NetworkSessionURLSession {
  private let urlSession: URLSession

  /// Creates a session that loads its requests through `urlSession`.
  public init(urlSession: URLSession) {
    self.urlSession = urlSession
  }
}

extension NetworkSession {
  /// Loads `request` and decodes the body of its successful `application/json` response as `T`.
  public func json<T>(for request: URLRequest, from decoder: JSONDecoder) async throws -> T where T: Decodable {
    try await self.json(
      for: request,
      jsonHandler: NetworkJSONHandler.self,
      dataHandler: NetworkDataHandler.self,
      from: decoder
    )
  }

  /// Loads `request` and hands its answer to `jsonHandler`; the seam tests use to replace either step.
  public func json<T>(
    for request: URLRequest,
    jsonHandler: (some NetworkSessionJSONHandler).Type,
    dataHandler: (some NetworkJSONHandlerDataHandler).Type,
    from decoder: some NetworkJSONHandlerDecoder
  ) async throws -> T where T: Decodable {
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await self.urlSession.data(for: request)
    } catch {
      throw Error(code: .sessionError, underlying: error)
    }
    do {
      return try jsonHandler.handle(data, with: response, dataHandler: dataHandler, from: decoder)
    } catch {
      throw Error(code: .jsonHandlerError, underlying: error)
    }
  }
}

extension NetworkSession {
  /// Which step of a fetch failed, with the error of that step.
  public struct Error: Swift.Error, Sendable {
    /// The steps that can fail.
    public enum Code: Hashable, Sendable {
      /// The URL session could not load the request (see `underlying`).
      case sessionError
      /// The answer was refused or did not decode (see `underlying`).
      case jsonHandlerError
    }

    /// Which step failed.
    public let code: Code
    /// The error the failing step threw.
    public let underlying: (any Swift.Error)?

    /// Creates an error for the step `code`, keeping the error that step threw.
    package init(code: Code, underlying: (any Swift.Error)?) {
      self.code = code
      self.underlying = underlying
    }
  }
}

extension NetworkSession.Error: CustomStringConvertible {
  /// The failing step's error in its own words (`connection refused`, `HTTP status 500: boom`),
  /// so a failure status reads the same whichever step it came from.
  public var description: String {
    if let underlying = self.underlying {
      return String(describing: underlying)
    }
    switch self.code {
    case .sessionError: return "request failed"
    case .jsonHandlerError: return "response refused"
    }
  }
}
