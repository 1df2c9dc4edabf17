import Foundation

/// Decodes any `Decodable` domain type from an `Expression` typed by the user, using the
/// compiler-synthesized Codable conformances. Errors name the column and what was expected.
package enum ValueDecoder {
  /// Decodes a `T` from `expression`.
  package static func decode<T: Decodable>(_ type: T.Type, from expression: Expression) throws(CommandError) -> T {
    let tracker = LabelTracker()
    do {
      let value = try decodeValue(type, from: expression, codingPath: [], tracker: tracker)
      try tracker.verify()
      return value
    } catch let error as CommandError {
      throw error
    } catch {
      throw CommandError("cannot read \(expression.summary) as \(TypeInfo.displayName(of: T.self)): \(error)", column: expression.column)
    }
  }

  static func decodeValue<T: Decodable>(
    _ type: T.Type, from expression: Expression, codingPath: [any CodingKey], tracker: LabelTracker
  ) throws -> T {
    if T.self == Date.self {
      return try decodeDate(expression) as! T
    }
    if let caseIterable = T.self as? any CaseIterable.Type, case .member(_, let path, nil) = expression.kind,
      let name = path.last, path.count == 1 || name.first?.isLowercase == true
    {
      return try matchCase(of: caseIterable, named: name, expression: expression) as! T
    }
    do {
      return try T(from: DecodingNode(expression: expression, codingPath: codingPath, tracker: tracker))
    } catch let error as CommandError {
      throw error
    } catch let error as DecodingError {
      throw describe(error, decoding: T.self, from: expression)
    }
  }

  private static func matchCase<C: CaseIterable>(of type: C.Type, named name: String, expression: Expression) throws -> Any {
    if let match = C.allCases.first(where: { String(describing: $0) == name }) {
      return match
    }
    let names = C.allCases.map { "." + String(describing: $0) }
    throw CommandError(
      "`.\(name.truncatedForMessage)` is not a case of \(TypeInfo.displayName(of: C.self)); expected one of \(names.joined(separator: ", "))",
      column: expression.column)
  }

  private static func decodeDate(_ expression: Expression) throws -> Date {
    guard case .string(let text) = expression.kind else {
      throw CommandError("expected a date as an ISO 8601 string such as \"2024-03-01T12:00:00Z\", found \(expression.summary)", column: expression.column)
    }
    guard let date = ISO8601.parse(text) else {
      throw CommandError("\(expression.summary) is not an ISO 8601 date; write it like \"2024-03-01T12:00:00Z\" or \"2024-03-01\"", column: expression.column)
    }
    return date
  }

  private static func describe(_ error: DecodingError, decoding type: Any.Type, from expression: Expression) -> CommandError {
    let typeName = TypeInfo.displayName(of: type)
    switch error {
    case .keyNotFound(let key, _):
      let label = Field(key.stringValue, .null).isUnlabeled ? "an unlabeled argument" : "argument `\(key.stringValue):`"
      return CommandError("missing \(label) for \(typeName)", column: expression.column)
    case .typeMismatch(_, let context) where context.debugDescription.contains("number of keys"):
      if case .member(_, let path, _) = expression.kind, let name = path.last {
        return CommandError("`.\(name.truncatedForMessage)` is not a case of \(typeName)", column: expression.column)
      }
      return CommandError("expected a case of \(typeName), found \(expression.summary)", column: expression.column)
    case .typeMismatch(let expected, _):
      return CommandError("expected \(TypeInfo.displayName(of: expected)), found \(expression.summary)", column: expression.column)
    case .valueNotFound(let expected, _):
      return CommandError("expected \(TypeInfo.displayName(of: expected)), found nil", column: expression.column)
    case .dataCorrupted(let context):
      return CommandError("\(expression.summary) is not a valid \(typeName): \(context.debugDescription)", column: expression.column)
    @unknown default:
      return CommandError("cannot read \(expression.summary) as \(typeName)", column: expression.column)
    }
  }
}
