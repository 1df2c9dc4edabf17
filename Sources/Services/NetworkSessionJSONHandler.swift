import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The step of `NetworkSession` that turns a response into a value; `NetworkJSONHandler` is the real one.
public protocol NetworkSessionJSONHandler {
  /// Decodes the body of `response` as `T` with `decoder`, after `dataHandler` has accepted it.
  static func handle<T>(
    _ data: Data,
    with response: URLResponse,
    dataHandler: (some NetworkJSONHandlerDataHandler).Type,
    from decoder: some NetworkJSONHandlerDecoder
  ) throws -> T where T: Decodable
}

extension NetworkJSONHandler: NetworkSessionJSONHandler {}
