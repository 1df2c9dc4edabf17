/// The printer of what `StateDiff` does not walk itself — enum cases, arrays, optionals, scalars —
/// once they differ: the encoded old and new side by side in the style of swift-custom-dump, `-` for
/// the old, `+` for the new, a case's unchanged arguments and an array's unchanged ends collapsed
/// as `… (N unchanged)`.
public enum LeafDiff {
  /// Prints the difference of two encoded leaves, labelled with `prefix` and ended with `suffix`.
  /// The values differ; when they print the same (two instances of a class, a `NaN`), the new one
  /// is marked `// changed`.
  public static func appendDiff(_ old: Value, _ new: Value, prefix: String, suffix: String, indent: Int, to lines: inout [OutputLine]) {
    if old == new {
      appendWhole(old, kind: .removed, prefix: prefix, suffix: suffix, indent: indent, to: &lines)
      appendWhole(new, kind: .added, prefix: prefix, suffix: suffix + "  // changed", indent: indent, to: &lines)
      return
    }
    guard let pairs = pairedChildren(old, new) else {
      appendWhole(old, kind: .removed, prefix: prefix, suffix: suffix, indent: indent, to: &lines)
      appendWhole(new, kind: .added, prefix: prefix, suffix: suffix, indent: indent, to: &lines)
      return
    }
    let padding = ValuePrinter.spaces(indent)
    let (open, close) = new.brackets
    lines.append(OutputLine(.plain, padding + prefix + open))
    var unchanged = 0
    func flushUnchanged() {
      if unchanged > 0 {
        lines.append(OutputLine(.plain, padding + "  … (\(unchanged) unchanged)"))
        unchanged = 0
      }
    }
    for (index, pair) in pairs.enumerated() {
      let comma = index == pairs.count - 1 ? "" : ","
      switch (pair.old, pair.new) {
      case (let before?, let after?) where before == after:
        unchanged += 1
      case (let before?, let after?):
        flushUnchanged()
        appendDiff(before, after, prefix: pair.label, suffix: comma, indent: indent + 2, to: &lines)
      case (let before?, nil):
        flushUnchanged()
        appendWhole(before, kind: .removed, prefix: pair.label, suffix: comma, indent: indent + 2, to: &lines)
      case (nil, let after?):
        flushUnchanged()
        appendWhole(after, kind: .added, prefix: pair.label, suffix: comma, indent: indent + 2, to: &lines)
      case (nil, nil):
        break
      }
    }
    flushUnchanged()
    lines.append(OutputLine(.plain, padding + close + suffix))
  }

  /// Prints a whole value as removed or added.
  public static func appendWhole(_ value: Value, kind: OutputLine.Kind, prefix: String, suffix: String, indent: Int, to lines: inout [OutputLine]) {
    let marker = kind == .removed ? "-" : "+"
    if !value.hasChildren {
      // One line, built in one buffer: the common case of a changed number or string.
      var text = kind == .removed ? "- " : "+ "
      text += ValuePrinter.spaces(indent - 2)
      text += prefix
      ValuePrinter.write(value, to: &text)
      text += suffix
      lines.append(OutputLine(kind, text))
      return
    }
    var texts: [String] = []
    ValuePrinter.appendPretty(value, prefix: prefix, suffix: suffix, indent: max(0, indent - 2), to: &texts)
    for text in texts {
      lines.append(OutputLine(kind, marker + " " + text))
    }
  }

  /// A child of both values under one label; nil on the side that lacks it.
  private struct Pair {
    public let label: String
    public let old: Value?
    public let new: Value?
  }

  /// The children of two values of the same shape, paired by label or key; nil when the shapes differ.
  private static func pairedChildren(_ old: Value, _ new: Value) -> [Pair]? {
    switch (old, new) {
    case (.structure(let oldType, let oldFields), .structure(let newType, let newFields))
    where oldType == newType && oldFields.map(\.label) == newFields.map(\.label):
      return zipFields(old, new)
    case (.enumCase(_, let oldName, let oldArguments?), .enumCase(_, let newName, let newArguments?))
    where oldName == newName && oldArguments.map(\.label) == newArguments.map(\.label):
      return zipFields(old, new)
    case (.dictionary(let oldEntries), .dictionary(let newEntries)) where !oldEntries.isEmpty && !newEntries.isEmpty:
      var oldByKey: [Value: Value] = [:]
      for entry in oldEntries { oldByKey[entry.key] = entry.value }
      var newByKey: [Value: Value] = [:]
      for entry in newEntries { newByKey[entry.key] = entry.value }
      let keys = Value.canonicallyOrdered(Array(Set(oldByKey.keys).union(newByKey.keys)))
      return keys.map { Pair(label: ValuePrinter.entryLabel($0), old: oldByKey[$0], new: newByKey[$0]) }
    case (.array(let oldElements), .array(let newElements)) where !oldElements.isEmpty && !newElements.isEmpty:
      return arrayPairs(oldElements, newElements)
    default:
      return nil
    }
  }

  private static func zipFields(_ old: Value, _ new: Value) -> [Pair] {
    zip(old.children, new.children).map { Pair(label: $1.label, old: $0.value, new: $1.value) }
  }

  /// Pairs equal elements of the common prefix and suffix; the middle is removed and added.
  private static func arrayPairs(_ old: [Value], _ new: [Value]) -> [Pair] {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
      suffix += 1
    }
    var pairs = old[..<prefix].map { Pair(label: "", old: $0, new: $0) }
    let oldMiddle = old[prefix..<(old.count - suffix)]
    let newMiddle = new[prefix..<(new.count - suffix)]
    if oldMiddle.count == newMiddle.count {
      pairs += zip(oldMiddle, newMiddle).map { Pair(label: "", old: $0, new: $1) }
    } else {
      pairs += oldMiddle.map { Pair(label: "", old: $0, new: nil) }
      pairs += newMiddle.map { Pair(label: "", old: nil, new: $0) }
    }
    pairs += old[(old.count - suffix)...].map { Pair(label: "", old: $0, new: $0) }
    return pairs
  }
}
