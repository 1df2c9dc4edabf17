/// The diff of two states, computed on the Swift values themselves: equal parts are recognised
/// with `==` (which `TreeDictionary` answers quickly for shared structure) and never encoded, so a
/// dispatch that changes one element of a large dictionary costs one pass over its keys and the
/// encoding of that element only. What it does not walk (enum cases, arrays, scalars) it prints
/// with `LeafDiff`, the one printer of changed leaves.
public struct StateDiff: Sendable {
  /// The domain's specialized dictionary comparisons, by dictionary type.
  private let specialized: [ObjectIdentifier: @Sendable (Any, Any) throws(CommandError) -> DictionaryChanges?]

  /// A diff that compares the dictionary types named in `specializations` with code specialized for them.
  public init(specializations: [DiffSpecialization] = []) {
    self.specialized = Dictionary(specializations.map { ($0.dictionaryType, $0.changes) }, uniquingKeysWith: { _, last in last })
  }

  /// The diff lines, or an empty array when the states are equal.
  public func lines<State>(from old: State, to new: State) throws(CommandError) -> [OutputLine] {
    try lines(from: old, to: new, differ: nil)
  }

  /// The diff lines, with `differ` (the state type's `!=`, made once per session) telling equal
  /// states apart without boxing them.
  public func lines<State>(from old: State, to new: State, differ: (@Sendable (State, State) -> Bool)?) throws(CommandError) -> [OutputLine] {
    var trail: ChangeTrail?
    return try lines(from: old, to: new, differ: differ, trail: &trail)
  }

  /// The diff lines; with a `trail`, the paths where the states differ are added to it as the
  /// diff finds them on its way (`ChangeTrail`). Empty when the states are equal.
  public func lines<State>(
    from old: State, to new: State, differ: (@Sendable (State, State) -> Bool)?, trail: inout ChangeTrail?
  ) throws(CommandError) -> [OutputLine] {
    if let differ {
      if !differ(old, new) { return [] }
    } else if ValueEquality.areEqual(old, new) {
      return []
    }
    var lines: [OutputLine] = []
    // Room for a struct's brackets and one changed field, without regrowing on the way.
    lines.reserveCapacity(8)
    try appendDiff(old, new, prefix: "", suffix: "", indent: 2, to: &lines, trail: &trail)
    return lines
  }

  /// The changes between two dictionaries: specialized code if the domain named their type, generic code otherwise.
  private func dictionaryChanges(from old: Any, to new: Any) throws(CommandError) -> DictionaryChanges? {
    if let specialized = specialized[ObjectIdentifier(type(of: new))] {
      return try specialized(old, new)
    }
    return try (new as? any DiffableDictionary)?.changes(since: old)
  }

  private func appendDiff(
    _ old: Any, _ new: Any, prefix: String, suffix: String, indent: Int, to lines: inout [OutputLine], trail: inout ChangeTrail?
  ) throws(CommandError) {
    switch Shape.of(new) {
    case .dictionary:
      if let changes = try dictionaryChanges(from: old, to: new), changes.oldCount > 0, changes.newCount > 0 {
        try appendDictionary(changes, prefix: prefix, suffix: suffix, indent: indent, to: &lines, trail: &trail)
        return
      }
    case .structure(let structure):
      try appendStructure(old, new, structure, prefix: prefix, suffix: suffix, indent: indent, to: &lines, trail: &trail)
      return
    case .leaf:
      break
    }
    trail?.recordChange()
    LeafDiff.appendDiff(try Self.encode(old), try Self.encode(new), prefix: prefix, suffix: suffix, indent: indent, to: &lines)
  }

  private func appendStructure(
    _ old: Any, _ new: Any, _ structure: StructureShape, prefix: String, suffix: String, indent: Int,
    to lines: inout [OutputLine], trail: inout ChangeTrail?
  ) throws(CommandError) {
    if let differences = structure.reader?.differences(from: old, to: new) {
      try appendFields(differences, structure, prefix: prefix, suffix: suffix, indent: indent, to: &lines, trail: &trail)
      return
    }
    let labels = structure.labels
    let oldChildren = ValueEncoder.storedPropertyValues(of: old)
    let newChildren = ValueEncoder.storedPropertyValues(of: new)
    guard oldChildren.count == labels.count, newChildren.count == labels.count else {
      trail?.recordChange()
      LeafDiff.appendDiff(try Self.encode(old), try Self.encode(new), prefix: prefix, suffix: suffix, indent: indent, to: &lines)
      return
    }
    let padding = ValuePrinter.spaces(indent)
    lines.append(OutputLine(.plain, padding + prefix + structure.open))
    var unchanged = 0
    for index in labels.indices {
      if ValueEquality.areEqual(oldChildren[index], newChildren[index]) {
        unchanged += 1
        continue
      }
      Self.flush(&unchanged, padding: padding, to: &lines)
      let comma = index == labels.count - 1 ? "" : ","
      trail?.enter(.name(labels[index]))
      try appendDiff(
        oldChildren[index], newChildren[index], prefix: structure.fieldLabels[index], suffix: comma, indent: indent + 2, to: &lines, trail: &trail)
      trail?.leave()
    }
    Self.flush(&unchanged, padding: padding, to: &lines)
    lines.append(OutputLine(.plain, padding + structure.close + suffix))
  }

  /// A struct's diff from the stored properties that differ, the others counted as unchanged.
  private func appendFields(
    _ differences: [StoredPropertyReader.Difference], _ structure: StructureShape, prefix: String, suffix: String,
    indent: Int, to lines: inout [OutputLine], trail: inout ChangeTrail?
  ) throws(CommandError) {
    let padding = ValuePrinter.spaces(indent)
    var open = padding
    open += prefix
    open += structure.open
    lines.append(OutputLine(.plain, open))
    let count = structure.labels.count
    var next = 0
    for difference in differences {
      var unchanged = difference.index - next
      Self.flush(&unchanged, padding: padding, to: &lines)
      let comma = difference.index == count - 1 ? "" : ","
      trail?.enter(.name(structure.labels[difference.index]))
      try appendDiff(
        difference.old, difference.new, prefix: structure.fieldLabels[difference.index], suffix: comma, indent: indent + 2, to: &lines,
        trail: &trail)
      trail?.leave()
      next = difference.index + 1
    }
    var trailing = count - next
    Self.flush(&trailing, padding: padding, to: &lines)
    var close = padding
    close += structure.close
    close += suffix
    lines.append(OutputLine(.plain, close))
  }

  private func appendDictionary(
    _ changes: DictionaryChanges, prefix: String, suffix: String, indent: Int, to lines: inout [OutputLine], trail: inout ChangeTrail?
  ) throws(CommandError) {
    let padding = ValuePrinter.spaces(indent)
    let (open, close) = ValuePrinter.collectionBrackets
    lines.append(OutputLine(.plain, padding + prefix + open))
    let total = changes.changes.count + changes.unchangedBefore.reduce(changes.unchangedAfter, +)
    var position = 0
    for (index, change) in changes.changes.enumerated() {
      var unchanged = changes.unchangedBefore[index]
      Self.flush(&unchanged, padding: padding, to: &lines)
      position += changes.unchangedBefore[index] + 1
      let comma = position == total ? "" : ","
      let key = try Self.encodedKey(change.key)
      let label = ValuePrinter.entryLabel(key)
      trail?.enter(StatePath.Component(dictionaryKey: key))
      switch (change.old, change.new) {
      case (let before?, let after?):
        try appendDiff(before, after, prefix: label, suffix: comma, indent: indent + 2, to: &lines, trail: &trail)
      case (let before?, nil):
        trail?.recordChange()
        LeafDiff.appendWhole(try Self.encode(before), kind: .removed, prefix: label, suffix: comma, indent: indent + 2, to: &lines)
      case (nil, let after?):
        trail?.recordChange()
        LeafDiff.appendWhole(try Self.encode(after), kind: .added, prefix: label, suffix: comma, indent: indent + 2, to: &lines)
      case (nil, nil):
        break
      }
      trail?.leave()
    }
    var trailing = changes.unchangedAfter
    Self.flush(&trailing, padding: padding, to: &lines)
    lines.append(OutputLine(.plain, padding + close + suffix))
  }

  private static func flush(_ unchanged: inout Int, padding: String, to lines: inout [OutputLine]) {
    if unchanged > 0 {
      lines.append(OutputLine(.plain, padding + "  … (\(unchanged) unchanged)"))
      unchanged = 0
    }
  }

  /// A dictionary key encoded for printing and ordering; a `String` key without the encoder.
  static func encodedKey(_ key: Any) throws(CommandError) -> Value {
    if let text = key as? String { return .string(text) }
    return try encode(key)
  }

  /// The value as printed: encoded where it is `Encodable`, reflected otherwise.
  public static func encode(_ value: Any) throws(CommandError) -> Value {
    try ValueEncoder.encodeForShell(value)
  }
}
