import StateValues
/// Where two values differ, as state paths: the deepest paths at which they part. A struct or an
/// enum case of the same shape is compared field by field, an array of the same length element
/// by element, a dictionary entry by entry where both hold the key; a dictionary whose keys
/// differ differs as a whole (an identifier made afresh in each run is one difference, not two).
enum ValueDifferences {
  /// The paths below `path` at which `old` and `new` differ; empty when they are equal.
  static func paths(_ old: Value, _ new: Value, at path: StatePath = StatePath(), into found: inout [StatePath], limit: Int = 64) {
    guard found.count < limit, old != new else { return }
    switch (old, new) {
    case (.structure(let oldType, let oldFields), .structure(let newType, let newFields))
    where oldType == newType && oldFields.map(\.label) == newFields.map(\.label):
      for (oldField, newField) in zip(oldFields, newFields) {
        paths(oldField.value, newField.value, at: path.appending(.name(oldField.label)), into: &found, limit: limit)
      }
    case (.enumCase(_, let oldName, let oldArguments?), .enumCase(_, let newName, let newArguments?))
    where oldName == newName && oldArguments.map(\.label) == newArguments.map(\.label):
      for (oldField, newField) in zip(oldArguments, newArguments) {
        paths(oldField.value, newField.value, at: path.appending(.name(oldField.label)), into: &found, limit: limit)
      }
    case (.array(let oldElements), .array(let newElements)) where oldElements.count == newElements.count:
      for index in oldElements.indices {
        paths(oldElements[index], newElements[index], at: path.appending(.key(.int(index))), into: &found, limit: limit)
      }
    case (.dictionary(let oldEntries), .dictionary(let newEntries))
    where Set(oldEntries.map(\.key)) == Set(newEntries.map(\.key)):
      let newByKey = Dictionary(newEntries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
      for entry in oldEntries {
        guard let newValue = newByKey[entry.key] else { continue }
        let component: StatePath.Component = if case .string(let name) = entry.key { .name(name) } else { .key(entry.key) }
        paths(entry.value, newValue, at: path.appending(component), into: &found, limit: limit)
      }
    default:
      found.append(path)
    }
  }

  /// Whether `path` is `prefix` or below it; a typed key names a key that prints the same.
  static func isPath(_ path: StatePath, under prefix: StatePath) -> Bool {
    guard prefix.components.count <= path.components.count else { return false }
    return zip(path.components, prefix.components).allSatisfy { $0.isNamed(by: $1) }
  }

  /// The value at `path` in `value`, walked as `paths` walks it; nil where it leads nowhere.
  static func value(at path: StatePath, in value: Value) -> Value? {
    var current = value
    for component in path.components {
      switch (current, component) {
      case (.structure(_, let fields), .name(let label)), (.enumCase(_, _, let fields?), .name(let label)):
        guard let field = fields.first(where: { $0.label == label }) else { return nil }
        current = field.value
      case (.array(let elements), .key(.int(let index))):
        guard elements.indices.contains(index) else { return nil }
        current = elements[index]
      case (.dictionary(let entries), .name(let key)):
        guard let entry = entries.first(where: { $0.key == .string(key) }) else { return nil }
        current = entry.value
      case (.dictionary(let entries), .key(let key)):
        guard let entry = entries.first(where: { $0.key == key }) else { return nil }
        current = entry.value
      default:
        return nil
      }
    }
    return current
  }
}
