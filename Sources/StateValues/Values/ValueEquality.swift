/// Equality of any two values, for diffs: `==` where the type is `Equatable`, identity for class
/// instances, and otherwise a walk of both with `Mirror`. A closure or an opaque value cannot be
/// compared, so it counts as equal: a diff never says "changed" for what it cannot tell apart.
public enum ValueEquality {
  /// Whether `a` and `b` are equal, as far as Swift lets them be compared.
  public static func areEqual(_ a: Any, _ b: Any) -> Bool {
    if let equal = equality.fact(aboutTypeOf: a, learning: Self.equalityOperator(of:)) {
      return equal(a, b)
    }
    guard type(of: a) == type(of: b) else { return false }
    let left = Mirror(reflecting: a)
    let right = Mirror(reflecting: b)
    switch left.displayStyle {
    case .class?:
      return (a as AnyObject) === (b as AnyObject)
    case .dictionary?:
      return dictionariesAreEqual(left, right)
    case .enum? where left.children.isEmpty && right.children.isEmpty:
      return String(describing: a) == String(describing: b)
    case nil where left.children.isEmpty:
      return true
    default:
      return childrenAreEqual(left, right)
    }
  }

  /// `==` of each `Equatable` type, found once per type: asking a value for its `Equatable`
  /// conformance each time cost more than the comparison.
  private static let equality = TypeMemo<(@Sendable (Any, Any) -> Bool)?>()

  /// `==` of the type of `sample`, when it is `Equatable` by a conformance any thread may use
  /// (one isolated to an actor is never used: the operator may run on any thread).
  private static func equalityOperator(of sample: Any) -> (@Sendable (Any, Any) -> Bool)? {
    (type(of: sample) as? any (Equatable & SendableMetatype).Type).map { equalityOperator(of: $0) }
  }

  /// `==` on two values of `Value`, false when either is of another type.
  private static func equalityOperator<Value: Equatable & SendableMetatype>(of _: Value.Type) -> @Sendable (Any, Any) -> Bool {
    { left, right in
      guard let left = left as? Value, let right = right as? Value else { return false }
      return left == right
    }
  }

  /// The children pairwise: same count, same labels (an enum's case names), equal values.
  private static func childrenAreEqual(_ left: Mirror, _ right: Mirror) -> Bool {
    guard left.children.count == right.children.count else { return false }
    return zip(left.children, right.children).allSatisfy { pair in
      pair.0.label == pair.1.label && areEqual(pair.0.value, pair.1.value)
    }
  }

  /// Entries matched by key, whatever order each dictionary keeps them in.
  private static func dictionariesAreEqual(_ left: Mirror, _ right: Mirror) -> Bool {
    guard left.children.count == right.children.count else { return false }
    // The right-hand values by their key's text, as positions in `rightValues`.
    var rightValues: [Any] = []
    var rightPositions: [String: Int] = [:]
    for pair in right.children.map({ Mirror(reflecting: $0.value).children.map(\.value) }) where pair.count == 2 {
      rightPositions[keyText(pair[0])] = rightValues.count
      rightValues.append(pair[1])
    }
    return left.children.allSatisfy { element in
      let pair = Mirror(reflecting: element.value).children.map(\.value)
      guard pair.count == 2, let position = rightPositions[keyText(pair[0])] else { return false }
      return areEqual(pair[1], rightValues[position])
    }
  }

  /// A dictionary key as printed: keys are `Hashable`, so printing tells them apart.
  private static func keyText(_ key: Any) -> String {
    (try? ValueEncoder.encodeForShell(key)).map(ValuePrinter.singleLine) ?? String(reflecting: key)
  }
}
