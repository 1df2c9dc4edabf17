import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The step of `NetworkJSONHandler` that vets a response before its body is decoded;
/// `NetworkDataHandler` is the real one.
public protocol NetworkJSONHandlerDataHandler {
  /// Returns the body to decode, or throws when `response` is not one to decode.
  static func handle(_ data: Data, with response: URLResponse) throws -> Data
}

extension NetworkDataHandler: NetworkJSONHandlerDataHandler {}
