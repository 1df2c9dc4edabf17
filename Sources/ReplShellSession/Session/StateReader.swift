import StateValues
/// Reads the part of a state at a path from the Swift value itself: struct fields and dictionary
/// entries are reached without encoding what lies beside them (a 64k-entry dictionary is looked
/// up, not written out), and only the part at the end of the path, or the leaf the path goes
/// into (an enum case, an array), is encoded.
enum StateReader {
  /// The part of a state at a path: the Swift value itself while the path runs through struct
  /// fields and dictionary entries, or its encoding once the path goes into a leaf.
  enum Part {
    case swift(Any)
    case encoded(Value)

    /// The part as the shell prints it.
    func encoded() throws(CommandError) -> Value {
      switch self {
      case .swift(let value): try ValueEncoder.encodeForShell(value)
      case .encoded(let value): value
      }
    }

    /// Whether two parts hold the same value: `==` (or the diff's comparison) on Swift values,
    /// nothing encoded; an encoded one is compared with the other's encoding.
    func isEqual(to other: Part) throws(CommandError) -> Bool {
      if case .swift(let left) = self, case .swift(let right) = other { return ValueEquality.areEqual(left, right) }
      return try encoded() == other.encoded()
    }
  }

  /// The value at `path` in `state`, and the path with each step as the state names it (a key
  /// typed `[.herbivorous]` becomes the key itself); nil when the state has no such part.
  static func value(at path: [StatePath.Component], in state: Any) throws(CommandError) -> (value: Value, path: [StatePath.Component])? {
    guard let found = try part(at: path, in: state) else { return nil }
    return (try found.part.encoded(), found.path)
  }

  /// The part at `path` in `state`, encoded only where the path goes into a leaf, and the path
  /// as the state names it; nil when the state has no such part.
  static func part(at path: [StatePath.Component], in state: Any) throws(CommandError) -> (part: Part, path: [StatePath.Component])? {
    var current = state
    var resolved: [StatePath.Component] = []
    resolved.reserveCapacity(path.count)
    for (index, component) in path.enumerated() {
      switch Shape.of(current) {
      case .structure(let structure):
        guard case .name(let label) = component, let field = structure.labels.firstIndex(of: label) else { return nil }
        let fields = structure.reader?.values(of: current) ?? ValueEncoder.storedPropertyValues(of: current)
        guard fields.count == structure.labels.count else {
          return try walk(path[index...], in: ValueEncoder.encodeForShell(current), resolved: resolved)
        }
        current = fields[field]
        resolved.append(component)
      case .dictionary:
        guard let dictionary = current as? any KeyedLookup else {
          return try walk(path[index...], in: ValueEncoder.encodeForShell(current), resolved: resolved)
        }
        guard let entry = try dictionary.entry(named: component) else { return nil }
        current = entry.value
        resolved.append(entry.key)
      case .leaf:
        return try walk(path[index...], in: ValueEncoder.encodeForShell(current), resolved: resolved)
      }
    }
    return (.swift(current), resolved)
  }

  /// The rest of the path inside an encoded value, as `state` walks it.
  private static func walk(
    _ rest: ArraySlice<StatePath.Component>, in value: Value, resolved: [StatePath.Component]
  ) -> (part: Part, path: [StatePath.Component])? {
    var current = value
    var resolved = resolved
    for component in rest {
      guard let child = StateNavigator.children(of: current).first(where: { $0.component.isNamed(by: component) }) else { return nil }
      current = child.value
      resolved.append(child.component)
    }
    return (.encoded(current), resolved)
  }
}
