import Foundation
import Services

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the static handler doubles saw: handlers are types, so their record is shared, and the
/// suites that use them run serialized and reset it first.
enum HandlerRecord {
  static let data = Locked<Data?>(nil)
  static let response = Locked<URLResponse?>(nil)
  static let returned = Locked<Data?>(nil)
  static let decoded = Locked<DecodedValue?>(nil)
  static let error = MarkerError()

  static func reset(returning data: Data? = nil, decoded: DecodedValue? = nil) {
    Self.data.set(nil)
    Self.response.set(nil)
    Self.returned.set(data)
    Self.decoded.set(decoded)
  }
}

/// A data handler that records its call and returns `HandlerRecord.returned`, or throws `HandlerRecord.error`.
enum DataHandlerDouble: NetworkJSONHandlerDataHandler {
  static func handle(_ data: Data, with response: URLResponse) throws -> Data {
    HandlerRecord.data.set(data)
    HandlerRecord.response.set(response)
    guard let returned = HandlerRecord.returned.current else {
      throw HandlerRecord.error
    }
    return returned
  }
}

/// A JSON handler that records its call and returns `HandlerRecord.decoded`, or throws `HandlerRecord.error`.
enum JSONHandlerDouble: NetworkSessionJSONHandler {
  static func handle<T>(
    _ data: Data,
    with response: URLResponse,
    dataHandler: (some NetworkJSONHandlerDataHandler).Type,
    from decoder: some NetworkJSONHandlerDecoder
  ) throws -> T where T: Decodable {
    HandlerRecord.data.set(data)
    HandlerRecord.response.set(response)
    guard let value = HandlerRecord.decoded.current as? T else {
      throw HandlerRecord.error
    }
    return value
  }
}
