import Foundation

extension DecodingError {
  /// What went wrong and where, in one line and in JSON words, the same on every platform (the
  /// decoder's own wording is not): `not valid JSON`, `missing key "query" at $`,
  /// `expected a string at $.query[0].animals.animals[0].animalId`,
  /// `expected a date at $.features[0].properties.updated, found null`.
  package var summary: String {
    switch self {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      "not valid JSON"
    case .dataCorrupted(let context):
      "invalid value at \(Self.jsonPath(context.codingPath))"
    case .keyNotFound(let key, let context):
      "missing key \(String(reflecting: key.stringValue)) at \(Self.jsonPath(context.codingPath))"
    case .typeMismatch(let type, let context):
      "expected \(Self.noun(for: type)) at \(Self.jsonPath(context.codingPath))"
    case .valueNotFound(let type, let context):
      "expected \(Self.noun(for: type)) at \(Self.jsonPath(context.codingPath)), found null"
    @unknown default:
      "undecodable body"
    }
  }

  /// A JSONPath-like rendering of a coding path: `$.mutation[0].addAnimal`.
  package static func jsonPath(_ codingPath: [any CodingKey]) -> String {
    "$" + codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
  }

  /// What a value of `type` is in JSON words.
  private static func noun(for type: Any.Type) -> String {
    // JSONDecoder names the object it expected by the dictionary type it would have read.
    if String(describing: type).hasPrefix("Dictionary<String, ") { return "an object" }
    return switch type {
    case is [Any].Type: "a list"
    case is String.Type: "a string"
    case is Bool.Type: "a boolean"
    case is Date.Type: "a date"
    case is any Numeric.Type: "a number"
    default: "a value of type \(type)"
    }
  }
}
