import Foundation

/// Turns any Swift value into a `Value`: through `ValueEncoder` where the value is `Encodable`,
/// by reflection (`Mirror`) otherwise, in the very form a synthesized `Codable` conformance would
/// give, so a domain's types need not be `Codable` to be printed, navigated and diffed. What
/// reflection cannot show becomes a placeholder: `<closure>`, `ClassName(…)`, `<opaque>`.
enum ValueReflector {
  /// `value` as a `Value`. With `preferEncodable` false, structs, enums, optionals, tuples and
  /// collections are reflected even when they are `Encodable`: the tests compare both forms.
  static func value(of value: Any, preferEncodable: Bool = true) throws -> Value {
    if let scalar = ValueEncoder.scalar(value) { return scalar }
    if let encodable = value as? any Encodable, preferEncodable || Self.isAtomic(value) {
      return try ValueEncoder.encode(encodable)
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional?:
      guard let wrapped = mirror.children.first?.value else { return .null }
      return try Self.value(of: wrapped, preferEncodable: preferEncodable)
    case .struct?:
      return .structure(typeName: TypeInfo.displayName(of: type(of: value)), fields: try fields(of: mirror, preferEncodable))
    case .tuple?:
      return .structure(typeName: "", fields: try fields(of: mirror, preferEncodable))
    case .enum?:
      return try enumCase(value, mirror, preferEncodable)
    case .collection?:
      return .array(try mirror.children.map { child in try Self.value(of: child.value, preferEncodable: preferEncodable) })
    case .set?:
      let elements = try mirror.children.map { child in try Self.value(of: child.value, preferEncodable: preferEncodable) }
      return .array(elements.sorted { $0.sortKey < $1.sortKey })
    case .dictionary?:
      return .dictionary(try mirror.children.compactMap { child in try entry(child.value, preferEncodable) })
    case .class?, .foreignReference?:
      return .opaque(ValuePrinter.withElidedArguments(TypeInfo.displayName(of: type(of: value))))
    case nil:
      guard mirror.children.isEmpty else {
        return .structure(typeName: TypeInfo.displayName(of: type(of: value)), fields: try fields(of: mirror, preferEncodable))
      }
      return .opaque(isFunction(value) ? "<closure>" : "<opaque>")
    @unknown default:
      return .opaque("<opaque>")
    }
  }

  /// Values whose mirror does not show what they hold (`UUID`, `Decimal`, `Int8`): always encoded.
  private static func isAtomic(_ value: Any) -> Bool {
    value is UUID || value is Decimal || value is Data || Mirror(reflecting: value).displayStyle == nil
  }

  /// Stored properties or tuple elements as fields; unlabelled elements are `_0`, `_1`, … as Codable names them.
  private static func fields(of mirror: Mirror, _ preferEncodable: Bool) throws -> [Field] {
    try mirror.children.enumerated().map { index, child in
      Field(fieldLabel(child.label, index: index), try value(of: child.value, preferEncodable: preferEncodable))
    }
  }

  private static func fieldLabel(_ label: String?, index: Int) -> String {
    guard let label, !label.hasPrefix(".") else { return "_\(index)" }
    return label
  }

  /// An enum case, its arguments in declaration order, `nil` ones included.
  private static func enumCase(_ value: Any, _ mirror: Mirror, _ preferEncodable: Bool) throws -> Value {
    let info = TypeInfo.of(value)
    if case .symbolicEnum(let cases) = info.kind {
      TypeInfo.symbolCollector?.record(info.name, cases: cases)
    }
    guard let payload = mirror.children.first else {
      return .enumCase(typeName: info.name, name: String(describing: value), arguments: nil)
    }
    let arguments = try payloadChildren(payload.value).enumerated().map { index, child in
      Field(fieldLabel(child.label, index: index), try Self.value(of: child.value, preferEncodable: preferEncodable))
    }
    return .enumCase(typeName: info.name, name: payload.label ?? "", arguments: arguments.isEmpty ? nil : arguments)
  }

  /// The associated values of a case: the elements of its payload tuple, or the payload alone.
  private static func payloadChildren(_ payload: Any) -> [Mirror.Child] {
    let mirror = Mirror(reflecting: payload)
    return mirror.displayStyle == .tuple ? Array(mirror.children) : [(label: nil, value: payload)]
  }

  /// The encoded arguments of the case `value` holds, with the `nil` ones that synthesized
  /// `Codable` leaves out put back in their places, so that `.didSetNote(nil)` prints as itself and
  /// reads back. Arguments that do not follow the case's declaration are returned as they are.
  static func withNilArguments(_ arguments: [Field]?, of value: Any) -> [Field]? {
    guard let payload = Mirror(reflecting: value).children.first else { return arguments }
    let declared = payloadChildren(payload.value).enumerated().map { index, child in
      (label: fieldLabel(child.label, index: index), isNil: isNil(child.value))
    }
    let encoded = arguments ?? []
    guard declared.count > encoded.count, declared.filter({ !$0.isNil }).map(\.label) == encoded.map(\.label) else {
      return arguments
    }
    var remaining = encoded[...]
    return declared.map { argument in
      argument.isNil ? Field(argument.label, .null) : remaining.popFirst() ?? Field(argument.label, .null)
    }
  }

  /// A dictionary element, a `(key, value)` pair.
  private static func entry(_ element: Any, _ preferEncodable: Bool) throws -> Entry? {
    let pair = Mirror(reflecting: element).children.map(\.value)
    guard pair.count == 2 else { return nil }
    return Entry(try value(of: pair[0], preferEncodable: preferEncodable), try value(of: pair[1], preferEncodable: preferEncodable))
  }

  private static func isNil(_ value: Any) -> Bool {
    let mirror = Mirror(reflecting: value)
    return mirror.displayStyle == .optional && mirror.children.isEmpty
  }

  /// Whether `value` is a function: its type is written with an arrow, `(Int) -> Bool`.
  private static func isFunction(_ value: Any) -> Bool {
    String(reflecting: type(of: value)).contains(" -> ")
  }
}
