import AnimalsData
import Hummingbird

/// A request the server refuses: the HTTP status to answer with and the message of its JSON body
/// (`{"error": "…"}`). Messages are deterministic: no ports, file paths or timings.
package struct APIError: Error, Hashable, Sendable {
  /// The HTTP status of the answer.
  package let status: HTTPResponse.Status
  /// What went wrong, for the client to read.
  package let message: String
  /// Extra response headers, such as `Allow` for a wrong method.
  package let headers: HTTPFields

  /// Creates an error answered with `status` and `message`.
  package init(status: HTTPResponse.Status, message: String, headers: HTTPFields = [:]) {
    self.status = status
    self.message = message
    self.headers = headers
  }
}

extension APIError: CustomStringConvertible {
  /// The error with its status code and message: `APIError(status: 404, message: "…")`.
  public var description: String {
    "APIError(status: \(self.status.code), message: \(String(reflecting: self.message)))"
  }
}

extension APIError {
  /// The body was not a `RemoteRequest`: not JSON, or JSON of the wrong shape.
  static func malformedRequest(_ detail: String) -> Self {
    Self(status: .badRequest, message: "malformed request: \(detail)")
  }

  /// The body named a query or mutation the server does not know.
  static func unknownOperation(_ detail: String) -> Self {
    Self(status: .badRequest, message: "unknown operation: \(detail)")
  }

  /// The body listed more queries and mutations than one request may.
  static func tooManyOperations(_ count: Int, limit: Int) -> Self {
    Self(status: .badRequest, message: "too many operations: \(count) in one request; send at most \(limit) per request")
  }

  /// The body was larger than the server accepts.
  static func bodyTooLarge(limit: Int) -> Self {
    Self(status: .contentTooLarge, message: "request body larger than \(limit) bytes")
  }

  /// The path exists, but not for this method.
  static func methodNotAllowed(_ method: HTTPRequest.Method, path: String, allowed: HTTPRequest.Method) -> Self {
    Self(
      status: .methodNotAllowed,
      message: "method \(method.rawValue) not allowed on \(path); use \(allowed.rawValue)",
      headers: [.allow: allowed.rawValue]
    )
  }

  /// No route serves this path.
  static func noRoute(_ method: HTTPRequest.Method, path: String) -> Self {
    Self(status: .notFound, message: "no route for \(method.rawValue) \(path)")
  }

  /// A failure the server did not expect; its details stay in the server's log.
  static let internalError = Self(status: .internalServerError, message: "internal server error")
}

extension APIError {
  /// The refusal `error` stands for: a store refusal becomes 404 (missing animal) or 422 (missing
  /// category), an oversized body 413, Hummingbird's own errors keep their status, and anything
  /// else is a 500 whose details are not sent to the client.
  init(_ error: any Error, request: Request, maxRequestBodySize: Int) {
    switch error {
    case let error as APIError:
      self = error
    case let error as LocalStore.Error:
      let status: HTTPResponse.Status =
        switch error.code {
        case .animalNotFound: .notFound
        case .categoryNotFound: .unprocessableContent
        }
      self.init(status: status, message: String(describing: error))
    case let error as HTTPError where error.status == .notFound:
      self = .noRoute(request.method, path: request.uri.path)
    case let error as HTTPError:
      self.init(status: error.status, message: error.body ?? error.status.reasonPhrase, headers: error.headers)
    case let error as any HTTPResponseError where error.status == .contentTooLarge:
      self = .bodyTooLarge(limit: maxRequestBodySize)
    case let error as any HTTPResponseError:
      self.init(status: error.status, message: error.status.reasonPhrase)
    default:
      self = .internalError
    }
  }
}

extension APIError {
  /// The JSON answer: this status and headers, body `{"error":"<message>"}`.
  func response() -> Response {
    Response.json(status: self.status, encoding: ["error": self.message], headers: self.headers)
  }
}
