import Foundation
import Hummingbird

extension Response {
  /// The encoder of every JSON body the server sends: sorted keys, so equal values give equal bytes.
  static let jsonEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  /// A response whose body is `value` as JSON; a value that cannot be encoded is a 500.
  static func json(
    status: HTTPResponse.Status = .ok,
    encoding value: some Encodable,
    headers: HTTPFields = [:]
  ) -> Response {
    var headers = headers
    headers[.contentType] = "application/json; charset=utf-8"
    guard let data = try? Self.jsonEncoder.encode(value) else {
      return Response(
        status: .internalServerError,
        headers: headers,
        body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"error":"internal server error"}"#))
      )
    }
    return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }
}
