import Foundation

/// Decodes any `Decodable` domain type from a `ParsedValue` typed by the user, using the
/// compiler-synthesized Codable conformances. Errors name the column and what was expected.
public enum ValueDecoder {
  /// Decodes a `T` from `parsed`.
  public static func decode<T: Decodable>(_ type: T.Type, from parsed: ParsedValue) throws(CommandError) -> T {
    let tracker = LabelTracker()
    do {
      let value = try decodeValue(type, from: parsed, codingPath: [], tracker: tracker)
      try tracker.verify()
      return value
    } catch let error as CommandError {
      throw error
    } catch {
      throw CommandError("cannot read \(parsed.summary) as \(TypeInfo.displayName(of: T.self)): \(error)", column: parsed.column)
    }
  }

  static func decodeValue<T: Decodable>(
    _ type: T.Type, from parsed: ParsedValue, codingPath: [any CodingKey], tracker: LabelTracker
  ) throws -> T {
    if T.self == Date.self {
      return try decodeDate(parsed) as! T
    }
    if let caseIterable = T.self as? any CaseIterable.Type, case .member(_, let path, nil) = parsed.value,
      let name = path.last, path.count == 1 || name.first?.isLowercase == true
    {
      return try matchCase(of: caseIterable, named: name, column: parsed.column) as! T
    }
    do {
      return try T(from: DecodingNode(parsed: parsed, codingPath: codingPath, tracker: tracker))
    } catch let error as CommandError {
      throw error
    } catch let error as DecodingError {
      throw describe(error, decoding: T.self, from: parsed)
    }
  }

  private static func matchCase<C: CaseIterable>(of type: C.Type, named name: String, column: Int) throws -> Any {
    if let match = C.allCases.first(where: { String(describing: $0) == name }) {
      return match
    }
    let names = C.allCases.map { ValuePrinter.caseName(String(describing: $0)) }
    let nearest = Suggestions.closest(to: name, among: C.allCases.map { String(describing: $0) }, limit: 1).first
      .map { "did you mean `\(ValuePrinter.caseName($0))`? " } ?? ""
    throw CommandError(
      "`\(ValuePrinter.caseName(name.truncatedForMessage))` is not a case of \(TypeInfo.displayName(of: C.self)); \(nearest)expected one of \(names.joined(separator: ", "))",
      column: column)
  }

  private static func decodeDate(_ parsed: ParsedValue) throws -> Date {
    guard case .string(let text) = parsed.value else {
      throw CommandError("expected a date as an ISO 8601 string such as \"2024-03-01T12:00:00Z\", found \(parsed.summary)", column: parsed.column)
    }
    guard let date = ISO8601.parse(text) else {
      throw CommandError("\(parsed.summary) is not an ISO 8601 date; write it like \"2024-03-01T12:00:00Z\" or \"2024-03-01\"", column: parsed.column)
    }
    return date
  }

  private static func describe(_ error: DecodingError, decoding type: Any.Type, from parsed: ParsedValue) -> CommandError {
    let typeName = TypeInfo.displayName(of: type)
    switch error {
    case .keyNotFound(let key, _):
      let label = Field(key.stringValue, .null).isUnlabeled ? "an unlabeled argument" : "argument `\(key.stringValue):`"
      return CommandError("missing \(label) for \(typeName)", column: parsed.column)
    case .typeMismatch(_, let context) where context.debugDescription.contains("number of keys"):
      if case .member(_, let path, _) = parsed.value, let name = path.last {
        return CommandError("`\(ValuePrinter.caseName(name.truncatedForMessage))` is not a case of \(typeName)", column: parsed.column)
      }
      return CommandError("expected a case of \(typeName), found \(parsed.summary)", column: parsed.column)
    case .typeMismatch(let expected, _):
      return CommandError("expected \(TypeInfo.displayName(of: expected)), found \(parsed.summary)", column: parsed.column)
    case .valueNotFound(let expected, _):
      return CommandError("expected \(TypeInfo.displayName(of: expected)), found nil", column: parsed.column)
    case .dataCorrupted(let context):
      return CommandError("\(parsed.summary) is not a valid \(typeName): \(context.debugDescription)", column: parsed.column)
    @unknown default:
      return CommandError("cannot read \(parsed.summary) as \(typeName)", column: parsed.column)
    }
  }
}
