import Foundation
import Services

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An error with identity, so a test can tell that the very error a double threw came back.
final class MarkerError: Error, @unchecked Sendable {}

/// A value locked for reading and writing from any thread, so doubles can record their calls.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// The value now.
  var current: Value {
    self.lock.withLock { self.value }
  }

  /// Replaces the value.
  func set(_ value: Value) {
    self.lock.withLock { self.value = value }
  }
}

/// Responses and requests the tests build: an HTTP response with a status and headers, a plain
/// URL response, and a body of every byte value.
enum Fixture {
  static let url = URL(string: "https://example.org/feed")!

  static let body = Data(UInt8.min...UInt8.max)

  static func httpResponse(status: Int = 200, headers: [String: String]? = nil) -> HTTPURLResponse {
    HTTPURLResponse(url: Self.url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
  }

  static func jsonResponse(status: Int = 200) -> HTTPURLResponse {
    Self.httpResponse(status: status, headers: ["Content-Type": "application/json"])
  }

  static func plainResponse() -> URLResponse {
    URLResponse(url: Self.url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil)
  }

  static func request() -> URLRequest {
    URLRequest(url: Self.url)
  }
}

/// A value any decoder double can hand back; a class, so identity shows it is the same one.
final class DecodedValue: Decodable, @unchecked Sendable {
  init() {}
}

/// A URL session that records the request and answers with a canned body and response, or throws.
final class URLSessionDouble: NetworkSessionURLSession, @unchecked Sendable {
  let request = Locked<URLRequest?>(nil)
  let answer: (Data, URLResponse)?
  let error = MarkerError()

  init(answer: (Data, URLResponse)? = nil) {
    self.answer = answer
  }

  func data(for request: URLRequest) async throws -> (Data, URLResponse) {
    self.request.set(request)
    guard let answer = self.answer else {
      throw self.error
    }
    return answer
  }
}

/// A decoder that records what it was asked to decode and returns a canned value, or throws.
final class DecoderDouble: NetworkJSONHandlerDecoder, @unchecked Sendable {
  let decodedType = Locked<Any.Type?>(nil)
  let decodedData = Locked<Data?>(nil)
  let value: DecodedValue?
  let error = MarkerError()

  init(value: DecodedValue? = nil) {
    self.value = value
  }

  func decode<T>(_ type: T.Type, from data: Data) throws -> T where T: Decodable {
    self.decodedType.set(type)
    self.decodedData.set(data)
    guard let value = self.value as? T else {
      throw self.error
    }
    return value
  }
}

/// The error `body` throws, or nil when it returns.
func thrownError(_ body: () throws -> Void) -> (any Error)? {
  do {
    try body()
    return nil
  } catch {
    return error
  }
}
