import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns a response into a decoded value in three steps, each failing with its own code: the
/// MIME type must be `application/json` (checked first, so nothing else is decoded), the data
/// handler must accept the response, and the decoder must read the body.
public struct NetworkJSONHandler {
  /// The one MIME type whose bodies are decoded.
  public static let jsonMIMEType = "application/json"

  /// Decodes the body of `response` as `T` with `decoder`, after `dataHandler` has accepted it.
  public static func handle<T>(
    _ data: Data,
    with response: URLResponse,
    dataHandler: (some NetworkJSONHandlerDataHandler).Type,
    from decoder: some NetworkJSONHandlerDecoder
  ) throws -> T where T: Decodable {
    guard response.mimeType?.lowercased() == Self.jsonMIMEType else {
      throw Error(
        code: .mimeTypeError,
        underlying: nil,
        mimeType: response.mimeType,
        statusCode: (response as? HTTPURLResponse)?.statusCode
      )
    }
    let body: Data
    do {
      body = try dataHandler.handle(data, with: response)
    } catch {
      throw Error(code: .dataHandlerError, underlying: error)
    }
    do {
      return try decoder.decode(T.self, from: body)
    } catch {
      throw Error(code: .jsonDecoderError, underlying: error)
    }
  }
}

extension NetworkJSONHandler {
  /// Which step refused the response, with the error of that step.
  public struct Error: Swift.Error, Sendable {
    /// The steps that can fail.
    public enum Code: Hashable, Sendable {
      /// The response's MIME type is not `application/json`.
      case mimeTypeError
      /// The data handler refused the response (see `underlying`).
      case dataHandlerError
      /// The body did not decode (see `underlying`).
      case jsonDecoderError
    }

    /// Which step failed.
    public let code: Code
    /// The data handler's or the decoder's error; nil for a `mimeTypeError`.
    public let underlying: (any Swift.Error)?
    /// The MIME type that was refused, for a `mimeTypeError`.
    public let mimeType: String?
    /// The HTTP status of the refused response, for a `mimeTypeError`.
    public let statusCode: Int?

    /// Creates an error for the step `code`, keeping the error that step threw.
    package init(code: Code, underlying: (any Swift.Error)?, mimeType: String? = nil, statusCode: Int? = nil) {
      self.code = code
      self.underlying = underlying
      self.mimeType = mimeType
      self.statusCode = statusCode
    }
  }
}

extension NetworkJSONHandler.Error: CustomStringConvertible {
  /// The underlying failure in a few words: `HTTP status 500: boom`, `malformed response: not
  /// valid JSON`, `not JSON: content type text/html`; an error status is named first even when
  /// the body is not JSON (`HTTP status 502 (text/html, not JSON)`).
  public var description: String {
    switch self.code {
    case .mimeTypeError:
      let mimeType = self.mimeType ?? "none"
      if let status = self.statusCode, !NetworkDataHandler.successfulStatusCodes.contains(status) {
        return "HTTP status \(status) (\(mimeType), not JSON)"
      }
      return "not JSON: content type \(mimeType)"
    case .dataHandlerError:
      return self.underlying.map { String(describing: $0) } ?? "response refused"
    case .jsonDecoderError:
      guard let underlying = self.underlying else {
        return "malformed response"
      }
      if let decodingError = underlying as? DecodingError {
        return "malformed response: \(decodingError.summary)"
      }
      return "malformed response: \(underlying)"
    }
  }
}
