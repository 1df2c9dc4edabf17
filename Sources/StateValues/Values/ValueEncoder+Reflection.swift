import Foundation

/// Rule 4 of `ValueEncoder`: a value that is not `Encodable` (or that the encoder is asked to
/// reflect) read through `Mirror`, in the very form a synthesized `Codable` conformance would give.
extension ValueEncoder {
  /// `value` by reflection; its children go through all four rules again.
  func reflect(_ value: Any) throws -> Value {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional?:
      guard let wrapped = mirror.children.first?.value else { return .null }
      return try self.value(of: wrapped)
    case .struct?:
      return .structure(typeName: TypeInfo.displayName(of: type(of: value)), fields: try fields(of: mirror))
    case .tuple?:
      return .structure(typeName: "", fields: try fields(of: mirror))
    case .enum?:
      return try enumCase(value, mirror)
    case .collection?:
      return .array(try mirror.children.map { child in try self.value(of: child.value) })
    case .set?:
      return .array(Value.canonicallyOrdered(try mirror.children.map { child in try self.value(of: child.value) }))
    case .dictionary?:
      return .dictionary(Value.sortedEntries(try mirror.children.compactMap { child in try entry(child.value) }))
    case .class?, .foreignReference?:
      return .opaque(ValuePrinter.withElidedArguments(TypeInfo.displayName(of: type(of: value))))
    case nil:
      guard mirror.children.isEmpty else {
        return .structure(typeName: TypeInfo.displayName(of: type(of: value)), fields: try fields(of: mirror))
      }
      return .opaque(Self.isFunction(value) ? "<closure>" : "<opaque>")
    @unknown default:
      return .opaque("<opaque>")
    }
  }

  /// Stored properties or tuple elements as fields; unlabelled elements are `_0`, `_1`, … as Codable names them.
  private func fields(of mirror: Mirror) throws -> [Field] {
    try mirror.children.enumerated().map { index, child in
      Field(Self.fieldLabel(child.label, index: index), try value(of: child.value))
    }
  }

  /// An enum case, its arguments in declaration order, `nil` ones included; a symbol by rule 2.
  private func enumCase(_ value: Any, _ mirror: Mirror) throws -> Value {
    let info = TypeInfo.of(value)
    if let symbol = symbol(value, info) { return symbol }
    guard let payload = mirror.children.first else {
      return .enumCase(typeName: info.name, name: String(describing: value), arguments: nil)
    }
    let arguments = try Self.payloadChildren(payload.value).enumerated().map { index, child in
      Field(Self.fieldLabel(child.label, index: index), try self.value(of: child.value))
    }
    return .enumCase(typeName: info.name, name: payload.label ?? "", arguments: arguments.isEmpty ? nil : arguments)
  }

  /// A dictionary element, a `(key, value)` pair.
  private func entry(_ element: Any) throws -> Entry? {
    let pair = Mirror(reflecting: element).children.map(\.value)
    guard pair.count == 2 else { return nil }
    return Entry(try value(of: pair[0]), try value(of: pair[1]))
  }

  private static func fieldLabel(_ label: String?, index: Int) -> String {
    guard let label, !label.hasPrefix(".") else { return "_\(index)" }
    return label
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

  static func isNil(_ value: Any) -> Bool {
    let mirror = Mirror(reflecting: value)
    return mirror.displayStyle == .optional && mirror.children.isEmpty
  }

  /// Whether `value` is a function: its type is written with an arrow, `(Int) -> Bool`.
  private static func isFunction(_ value: Any) -> Bool {
    String(reflecting: type(of: value)).contains(" -> ")
  }
}

extension ValueEncoder {
  /// The values of a struct's stored properties in declaration order, which `TypeInfo`'s
  /// `printedStoredProperties` labels: what a diff compares one by one.
  /// Read through the type's `StoredPropertyReader` where the runtime can make one, else reflected.
  public static func storedPropertyValues(of value: Any) -> [Any] {
    if let reader = StoredPropertyReader.of(value), let values = reader.values(of: value) {
      return values
    }
    return Mirror(reflecting: value).children.map(\.value)
  }
}
