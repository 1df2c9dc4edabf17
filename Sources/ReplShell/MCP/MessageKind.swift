import Foundation

/// What a JSON-RPC message is, as far as keeping requests in order needs to know. Ids are
/// compared by their JSON text, so the number 1 and the string "1" stay different.
enum MessageKind: Equatable {
  case request(id: String)
  case cancellation(of: String)
  case other

  init(_ data: Data) {
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      self = .other
      return
    }
    if let method = object["method"] as? String {
      if let id = object["id"].flatMap(Self.key) {
        self = .request(id: id)
      } else if method == "notifications/cancelled",
        let id = ((object["params"] as? [String: Any])?["requestId"]).flatMap(Self.key)
      {
        self = .cancellation(of: id)
      } else {
        self = .other
      }
    } else {
      self = .other
    }
  }

  /// The id of a response (a message with an id and no method); nil for anything else.
  static func responseID(of data: Data) -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], object["method"] == nil else { return nil }
    return object["id"].flatMap(key)
  }

  private static func key(_ id: Any) -> String? {
    switch id {
    case let text as String: "\"\(text)\""
    case let number as Int: String(number)
    case let number as Double: String(number)
    default: nil
    }
  }
}
