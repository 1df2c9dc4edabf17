import Foundation

/// Turns any Swift value into a `Value`, the one model the shell prints, navigates and diffs.
/// One rule for each kind of value, applied in this order at every level of a value:
///
/// 1. strings, numbers, booleans, dates and URLs are written as themselves (`scalar`);
/// 2. a `CaseIterable` enum is a symbol, `.carnivorous` (`symbol`);
/// 3. an `Encodable` value is what its encoding writes, in the form synthesized `Codable` gives,
///    with the `nil` arguments of an enum case put back in their places;
/// 4. any other value is reflected (`Mirror`) into that same form, so a domain's types need not
///    be `Codable` to be printed; what reflection cannot show becomes a placeholder (`<closure>`).
///
/// An encoder made with a `SymbolCollector` notes in it every symbolic enum it meets.
public struct ValueEncoder {
  /// Where the symbolic enums met are noted; nil when nobody asks.
  public let symbols: SymbolCollector?
  /// Whether `Encodable` values take rule 3; when false, structs, enums, optionals, tuples and
  /// collections are reflected even when they are `Encodable` (the tests compare both forms).
  package let prefersEncodable: Bool

  /// An encoder that notes the symbolic enums it meets in `symbols`, if given.
  public init(collectingSymbolsIn symbols: SymbolCollector? = nil, prefersEncodable: Bool = true) {
    self.symbols = symbols
    self.prefersEncodable = prefersEncodable
  }

  /// Encodes `value`.
  public static func encode<T: Encodable>(_ value: T) throws -> Value {
    try ValueEncoder().encode(value, codingPath: [])
  }

  /// `value` for printing; a value whose encoding fails is an error that names its type.
  public static func encodeForShell(_ value: Any) throws(CommandError) -> Value {
    do {
      return try ValueEncoder().value(of: value)
    } catch {
      throw CommandError("cannot show a value of type \(TypeInfo.displayName(of: type(of: value))): \(error)")
    }
  }

  /// Any value, by the four rules.
  public func value(of value: Any) throws -> Value {
    if let scalar = Self.scalar(value) { return scalar }
    if let encodable = value as? any Encodable, prefersEncodable || Self.isAtomic(value) {
      return try encode(encodable, codingPath: [])
    }
    return try reflect(value)
  }

  /// An `Encodable` value, by the first three rules.
  public func encode<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> Value {
    if let scalar = Self.scalar(value) { return scalar }
    let info = TypeInfo.of(value)
    if let symbol = symbol(value, info) { return symbol }
    let node = EncodingNode(encoder: self, codingPath: codingPath)
    try value.encode(to: node)
    let encoded = node.value(as: info)
    if case .enumCase(let typeName, let name, let arguments) = encoded {
      return .enumCase(typeName: typeName, name: name, arguments: Self.withNilArguments(arguments, of: value))
    }
    return encoded
  }

  /// Rule 1: the values written without an encoder.
  public static func scalar<T>(_ value: T) -> Value? {
    // The common exact types by identity first: a cast that fails (a number tried as a
    // `String`) goes looking for bridging conformances. Anything else, an optional number
    // included, takes the casts below.
    let type = Swift.type(of: value as Any)
    if type == Int.self, let int = value as? Int { return .int(int) }
    if type == String.self, let string = value as? String { return .string(string) }
    return switch value {
    case let string as String: .string(string)
    case let int as Int: .int(int)
    case let double as Double: .double(double)
    case let bool as Bool: .bool(bool)
    case let date as Date: .date(date)
    case let url as URL: .string(url.absoluteString)
    default: nil
    }
  }

  /// Rule 2: a case of a `CaseIterable` enum as its name, noted with the type's cases; nil for any other value.
  public func symbol(_ value: Any, _ info: TypeInfo) -> Value? {
    guard case .symbolicEnum(let cases) = info.kind else { return nil }
    symbols?.record(info.name, cases: cases)
    return .enumCase(typeName: info.name, name: String(describing: value), arguments: nil)
  }

  /// Values whose mirror does not show what they hold (`UUID`, `Decimal`, `Int8`): always encoded.
  static func isAtomic(_ value: Any) -> Bool {
    value is UUID || value is Decimal || value is Data || Mirror(reflecting: value).displayStyle == nil
  }
}
