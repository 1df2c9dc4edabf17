import HashTreeCollections
import StateValues

/// Turns a `Predicate` into a test of a selector function's output: the typed value is read once,
/// as the output's type (or its element's, or `Int` for `.count`), and compared by the type's own
/// `==`, `<` or `contains` on every state.
enum PredicateTest {
  /// The test of `predicate` on `function`'s output; an output the operator cannot apply to is an
  /// error that names its type and what it would need.
  static func make<State, Output>(
    _ function: @escaping @Sendable (State) -> Output, _ predicate: Predicate
  ) throws(CommandError) -> @Sendable (State) -> Bool {
    let typeName = TypeInfo.displayName(of: Output.self)
    let expected = predicate.expected
    if predicate.countsElements {
      guard Output.self is any Collection.Type else {
        throw CommandError("`.count` needs a collection; `\(predicate.call.name)` returns `\(typeName)`", column: predicate.call.column)
      }
      guard predicate.comparison != .contains else {
        throw CommandError("a count does not `contains`: compare it with `==`, `<`, …", column: expected.column)
      }
      let count = try ValueDecoder.decode(Int.self, from: expected)
      let comparison = predicate.comparison
      return { state in comparison.holds((function(state) as? any Collection)?.count ?? 0, count) }
    }
    switch predicate.comparison {
    case .contains:
      guard let container = Output.self as? any ElementContaining.Type else {
        throw CommandError(
          "`contains` needs an array, a set, a dictionary (its keys) or a string; `\(predicate.call.name)` returns `\(typeName)`",
          column: expected.column)
      }
      let contains = try container.containment(of: expected)
      return { state in contains(function(state)) }
    case .equal, .notEqual:
      guard let equatable = Output.self as? any (Decodable & Equatable & Sendable).Type else {
        throw CommandError("cannot compare `\(typeName)`: it must be Decodable and Equatable; print it with `select`", column: expected.column)
      }
      let isEqual: @Sendable (State) -> Bool = try equality(function, expected, as: equatable)
      if predicate.comparison == .equal { return isEqual }
      return { state in !isEqual(state) }
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      guard let comparable = Output.self as? any (Decodable & Comparable & Sendable).Type else {
        throw CommandError(
          "`\(predicate.comparison.rawValue)` needs an output that is Comparable, such as a number, a string or a date; `\(predicate.call.name)` returns `\(typeName)`",
          column: predicate.call.column)
      }
      return try ordering(function, predicate.comparison, expected, as: comparable)
    }
  }

  private static func equality<State, Output, Equatable: Decodable & Swift.Equatable & Sendable>(
    _ function: @escaping @Sendable (State) -> Output, _ expected: ParsedValue, as type: Equatable.Type
  ) throws(CommandError) -> @Sendable (State) -> Bool {
    let value = try ValueDecoder.decode(Equatable.self, from: expected)
    // The cast of the function is made once, not per state.
    if let typed = function as? @Sendable (State) -> Equatable {
      return { state in typed(state) == value }
    }
    return { state in (function(state) as? Equatable) == value }
  }

  private static func ordering<State, Output, Ordered: Decodable & Comparable & Sendable>(
    _ function: @escaping @Sendable (State) -> Output, _ comparison: Predicate.Operator, _ expected: ParsedValue,
    as type: Ordered.Type
  ) throws(CommandError) -> @Sendable (State) -> Bool {
    let value = try ValueDecoder.decode(Ordered.self, from: expected)
    return { state in
      guard let output = function(state) as? Ordered else { return false }
      return comparison.holds(output, value)
    }
  }
}

/// An output `contains` can look into: its element (or key, or substring) is read from what the
/// user typed once, and looked for on every state.
protocol ElementContaining {
  /// The test of whether an output of this type holds `expected`.
  static func containment(of expected: ParsedValue) throws(CommandError) -> @Sendable (Any) -> Bool
}

/// A test of outputs that holds a value decoded from what the user typed, never changed: a
/// conditional conformance cannot require `Sendable` of an element type, so the test is held so,
/// and the closure handed out holds no generic type of its own.
private struct DecodedTest: @unchecked Sendable {
  let test: (Any) -> Bool

  /// The test as a sendable closure.
  var closure: @Sendable (Any) -> Bool {
    { output in test(output) }
  }
}

extension Array: ElementContaining where Element: Decodable & Equatable {
  static func containment(of expected: ParsedValue) throws(CommandError) -> @Sendable (Any) -> Bool {
    let element = try ValueDecoder.decode(Element.self, from: expected)
    return DecodedTest { output in (output as? [Element])?.contains(element) ?? false }.closure
  }
}

extension Set: ElementContaining where Element: Decodable {
  static func containment(of expected: ParsedValue) throws(CommandError) -> @Sendable (Any) -> Bool {
    let element = try ValueDecoder.decode(Element.self, from: expected)
    return DecodedTest { output in (output as? Set<Element>)?.contains(element) ?? false }.closure
  }
}

extension Dictionary: ElementContaining where Key: Decodable {
  static func containment(of expected: ParsedValue) throws(CommandError) -> @Sendable (Any) -> Bool {
    let key = try ValueDecoder.decode(Key.self, from: expected)
    return DecodedTest { output in (output as? [Key: Value])?[key] != nil }.closure
  }
}

extension String: ElementContaining {
  static func containment(of expected: ParsedValue) throws(CommandError) -> @Sendable (Any) -> Bool {
    let part = try ValueDecoder.decode(String.self, from: expected)
    return { output in (output as? String)?.contains(part) ?? false }
  }
}

extension TreeDictionary: ElementContaining where Key: Decodable {
  static func containment(of expected: ParsedValue) throws(CommandError) -> @Sendable (Any) -> Bool {
    let key = try ValueDecoder.decode(Key.self, from: expected)
    return DecodedTest { output in (output as? TreeDictionary<Key, Value>)?[key] != nil }.closure
  }
}
