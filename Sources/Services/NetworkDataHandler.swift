import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Accepts the body of an HTTP response whose status is a success (200…299) and refuses anything
/// else: a response that is not HTTP, or any other status, informational and redirects included.
public struct NetworkDataHandler {
  /// Returns `data` when `response` is an HTTP response with a 2xx status; throws
  /// `Error(code: .responseError)` or `Error(code: .statusCodeError)` otherwise.
  public static func handle(_ data: Data, with response: URLResponse) throws -> Data {
    guard let response = response as? HTTPURLResponse else {
      throw Error(code: .responseError)
    }
    guard Self.successfulStatusCodes.contains(response.statusCode) else {
      throw Error(
        code: .statusCodeError,
        statusCode: response.statusCode,
        message: Self.serverMessage(in: data)
      )
    }
    return data
  }

  /// The statuses whose body is the answer.
  public static let successfulStatusCodes = 200...299
}

extension NetworkDataHandler {
  /// Why a response was refused.
  public struct Error: Swift.Error, Hashable, Sendable {
    /// The kinds of refusal.
    public enum Code: Hashable, Sendable {
      /// The response is not an HTTP response.
      case responseError
      /// The status is outside 200…299.
      case statusCodeError
    }

    /// Why the response was refused.
    public let code: Code
    /// The refused status, for a `statusCodeError`.
    public let statusCode: Int?
    /// The server's own error message, when its body carries one in JSON.
    public let message: String?

    /// Creates an error with `code` and what is known about the refused response.
    package init(code: Code, statusCode: Int? = nil, message: String? = nil) {
      self.code = code
      self.statusCode = statusCode
      self.message = message
    }
  }
}

extension NetworkDataHandler.Error: CustomStringConvertible {
  /// `HTTP status 404: no such animal`, `HTTP status 304`, or `not an HTTP response`.
  public var description: String {
    switch (self.code, self.statusCode, self.message) {
    case (.responseError, _, _): "not an HTTP response"
    case (.statusCodeError, let status?, let message?): "HTTP status \(status): \(message)"
    case (.statusCodeError, let status?, nil): "HTTP status \(status)"
    case (.statusCodeError, nil, _): "HTTP status error"
    }
  }
}

extension NetworkDataHandler {
  /// The message of a JSON error body: `{"error":{"message":…}}` (Hummingbird), `{"error":…}`,
  /// `{"message":…}` or `{"reason":…}` (Vapor); nil for any other body.
  package static func serverMessage(in data: Data) -> String? {
    guard let body = try? JSONDecoder().decode(ServerErrorBody.self, from: data) else { return nil }
    return body.nestedMessage ?? body.error ?? body.message ?? body.reason
  }
}

/// The members of a server's JSON error body that carry its message; any of them may be missing
/// or of another type.
private struct ServerErrorBody: Decodable {
  /// `{"error": {"message": …}}`.
  let nestedMessage: String?
  /// `{"error": "…"}`.
  let error: String?
  let message: String?
  let reason: String?

  private enum Member: String, CodingKey {
    case error, message, reason
  }

  init(from decoder: any Decoder) throws {
    // Not an object: no message (the caller falls back to the status).
    let body = try decoder.container(keyedBy: Member.self)
    nestedMessage = (try? body.nestedContainer(keyedBy: Member.self, forKey: .error)).flatMap { Self.text(.message, in: $0) }
    error = Self.text(.error, in: body)
    message = Self.text(.message, in: body)
    reason = Self.text(.reason, in: body)
  }

  /// The member's text; nil when it is missing or not a string (a body may carry either).
  private static func text(_ member: Member, in object: KeyedDecodingContainer<Member>) -> String? {
    try? object.decode(String.self, forKey: member)
  }
}
