import Foundation
import StateValues

/// One typed parameter of a selector as the shell shows, completes and reads it.
public struct Parameter<Value: Sendable>: Sendable {
  /// The argument label users type (`categoryId`).
  public let label: String
  /// The type as shown by `selectors` (`String?`, `SortOrder`).
  public let typeName: String
  /// What Tab offers for the value (`.forward`, `\.name`), if it is a closed set.
  public let completions: [String]
  package let defaultValue: Value?
  public let read: @Sendable (ParsedValue) throws(CommandError) -> Value

  /// A parameter read by the shell's generic decoder, from any `Decodable` value.
  public init(_ label: String, _ type: Value.Type) where Value: Decodable {
    self.init(label: label, typeName: TypeInfo.displayName(of: type), completions: Self.symbolicCases(of: type), defaultValue: nil) {
      typed throws(CommandError) in try ValueDecoder.decode(Value.self, from: typed)
    }
  }

  /// A `Decodable` parameter that may be left out, taking `defaultValue`.
  public init(_ label: String, _ type: Value.Type, default defaultValue: Value) where Value: Decodable {
    self.init(label: label, typeName: TypeInfo.displayName(of: type), completions: Self.symbolicCases(of: type), defaultValue: defaultValue) {
      typed throws(CommandError) in try ValueDecoder.decode(Value.self, from: typed)
    }
  }

  /// A parameter that takes one of a fixed set of named values written as `.name`.
  public init(_ label: String, typeName: String, choices: KeyValuePairs<String, Value>, default defaultValue: Value? = nil) {
    let table = Array(choices)
    let names = table.map { ValuePrinter.caseName($0.key) }
    self.init(label: label, typeName: typeName, completions: names, defaultValue: defaultValue) {
      typed throws(CommandError) in
      guard case .member(_, let path, nil) = typed.value, let name = path.last,
        let match = table.first(where: { $0.key == name })
      else {
        throw CommandError("expected one of \(names.joined(separator: ", ")), found \(typed.summary)", column: typed.column)
      }
      return match.value
    }
  }

  public init(
    label: String, typeName: String, completions: [String], defaultValue: Value?,
    read: @escaping @Sendable (ParsedValue) throws(CommandError) -> Value
  ) {
    self.label = label
    self.typeName = typeName
    self.completions = completions
    self.defaultValue = defaultValue
    self.read = read
  }

  private static func symbolicCases(of type: Any.Type) -> [String] {
    guard let caseIterable = type as? any CaseIterable.Type else { return [] }
    return names(caseIterable)
  }

  private static func names<C: CaseIterable>(_ type: C.Type) -> [String] {
    C.allCases.map { ValuePrinter.caseName(String(describing: $0)) }
  }

  /// Reads this parameter from the call's arguments: the next one, if it carries this label.
  public func value(from arguments: inout ArraySlice<ParsedValue.Argument>, call: SelectorCall) throws(CommandError) -> Value {
    if let next = arguments.first, next.label == label {
      arguments.removeFirst()
      return try read(next.value)
    }
    if let defaultValue {
      return defaultValue
    }
    let column = arguments.first?.value.column ?? call.column
    if let next = arguments.first {
      let found = next.label.map { "`\($0):`" } ?? "an unlabeled argument"
      throw CommandError("\(call.name) expects `\(label):` here, found \(found)", column: column)
    }
    throw CommandError("\(call.name) is missing its argument `\(label):`", column: column)
  }
}

extension Parameter {
  /// `order: SortOrder = .forward`, written `.forward` or `.reverse`.
  public static func sortOrder(_ label: String = "order") -> Parameter<SortOrder> {
    Parameter<SortOrder>(label, typeName: "SortOrder", choices: ["forward": .forward, "reverse": .reverse], default: .forward)
  }

  /// A key path to sort by, written `\.name`, chosen from `keyPaths`.
  public static func sortKey<Root>(_ label: String = "sort", _ keyPaths: KeyValuePairs<String, any SortKeyPath<Root>>) -> Parameter<any SortKeyPath<Root>> {
    let table = Array(keyPaths)
    let names = table.map { ValuePrinter.keyPath([$0.key]) }
    return Parameter<any SortKeyPath<Root>>(
      label: label, typeName: "KeyPath<\(TypeInfo.displayName(of: Root.self)), some Comparable>",
      completions: names, defaultValue: nil
    ) { typed throws(CommandError) in
      guard case .keyPath(let path) = typed.value, let match = table.first(where: { $0.key == path.joined(separator: ".") }) else {
        throw CommandError("expected a key path, one of \(names.joined(separator: ", ")), found \(typed.summary)", column: typed.column)
      }
      return match.value
    }
  }
}

/// A key path to a comparable property, kept with its value type so a generic selector can take it.
public protocol SortKeyPath<Root>: Sendable {
  /// The type the key path starts at.
  associatedtype Root
  /// The comparable property type.
  associatedtype Value: Comparable
  /// The key path itself.
  var keyPath: KeyPath<Root, Value> & Sendable { get }
}

/// A concrete `SortKeyPath`: `SortKey(\Animal.name)`.
public struct SortKey<Root, Value: Comparable>: SortKeyPath {
  /// The key path to the comparable property.
  public let keyPath: KeyPath<Root, Value> & Sendable

  /// Wraps `keyPath`.
  public init(_ keyPath: KeyPath<Root, Value> & Sendable) {
    self.keyPath = keyPath
  }
}
