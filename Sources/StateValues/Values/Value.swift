import Foundation

/// A domain value in the shell's own model, written the way Swift writes them: what Swift values
/// are encoded to before they are printed, diffed or compared, and what the parser reads from a
/// typed line (with the columns beside it, in `ParsedValue`) before it is decoded.
///
/// Only the cases with several fields are `indirect`: a scalar (a changed number in a diff) is
/// made without allocating a box for it.
public enum Value: Hashable, Sendable {
  case string(String)
  case int(Int)
  case double(Double)
  case bool(Bool)
  case null
  case date(Date)
  case array([Value])
  /// A dictionary. An encoded one holds its entries in the canonical order (`sortedEntries`), a
  /// typed one in the order they were typed; printed, they are in the canonical order.
  case dictionary([Entry])
  /// An enum case such as `.carnivorous` or `.success(categories: [])`; `typeName` is informational.
  indirect case enumCase(typeName: String?, name: String, arguments: [Field]?)
  /// A struct such as `Category(categoryId: "Bird", name: "Bird")`.
  indirect case structure(typeName: String, fields: [Field])
  /// A key path such as `\.name`.
  case keyPath([String])
  /// What reflection cannot show, as its placeholder: `<closure>`, `Cache(…)`, `<opaque>`.
  case opaque(String)
  /// A name as the user typed it, which only the type it is read as resolves: an enum case
  /// (`.carnivorous`, `Diet.carnivorous`), a struct (`Category(name: "Bird")`) or an action path
  /// (`ui.animalList.onAppear`). The parser makes it; encoding never does.
  indirect case member(leadingDot: Bool, path: [String], arguments: [Argument]?)
}

extension Value {
  /// One argument of a typed `member` in parentheses: `label: value`, or just `value`.
  public struct Argument: Hashable, Sendable {
    /// The label as typed; nil when the argument has none.
    public var label: String?
    /// The argument's value.
    public var value: Value

    /// Creates an argument.
    public init(label: String?, value: Value) {
      self.label = label
      self.value = value
    }
  }
}

/// One labelled child of a struct or enum case; unlabelled associated values use `_0`, `_1`, ….
public struct Field: Hashable, Sendable {
  /// The label as Codable names it (`_0` for an unlabelled associated value).
  public var label: String
  /// The child value.
  public var value: Value

  /// Creates a field.
  public init(_ label: String, _ value: Value) {
    self.label = label
    self.value = value
  }

  /// Whether Swift writes this field without a label.
  public var isUnlabeled: Bool {
    label.hasPrefix("_") && label.dropFirst().allSatisfy(\.isNumber) && label.count > 1
  }
}

/// One key and value of a dictionary.
public struct Entry: Hashable, Sendable {
  /// The key.
  public var key: Value
  /// The value stored under `key`.
  public var value: Value

  /// Creates an entry.
  public init(_ key: Value, _ value: Value) {
    self.key = key
    self.value = value
  }
}

extension Value {
  /// A short description of the value's type, for listings and error messages.
  public var typeDescription: String {
    switch self {
    case .string: "String"
    case .int: "Int"
    case .double: "Double"
    case .bool: "Bool"
    case .null: "nil"
    case .date: "Date"
    case .array(let elements): "[\(elements.first?.typeDescription ?? "…")]"
    case .dictionary(let entries):
      entries.first.map { "[\($0.key.typeDescription): \($0.value.typeDescription)]" } ?? "[…: …]"
    case .enumCase(let typeName, _, _): typeName.map(ValuePrinter.escapedName) ?? "enum"
    case .structure(let typeName, _): ValuePrinter.escapedName(typeName)
    case .keyPath: "KeyPath"
    case .opaque(let placeholder): ValuePrinter.escapedName(placeholder)
    case .member: "member"
    }
  }
}
