import Foundation

/// The decoder `NetworkJSONHandler` decodes bodies with; `JSONDecoder` is the real one.
public protocol NetworkJSONHandlerDecoder {
  /// Decodes a value of `type` from `data`.
  func decode<T>(_ type: T.Type, from data: Data) throws -> T where T: Decodable
}

extension JSONDecoder: NetworkJSONHandlerDecoder {}
