/// Walks a state written as a `Value` along a `StatePath`: struct fields and case arguments by
/// label, dictionary entries by key, array elements by index.
struct StateNavigator {
  /// The state being walked.
  let root: Value

  /// The value at `path`; an error names the parts there are, as they are typed, and the nearest.
  func value(at path: StatePath, column: Int?) throws(CommandError) -> Value {
    var value = root
    var walked = StatePath()
    for (index, component) in path.components.enumerated() {
      let children = Self.children(of: value)
      guard let child = children.first(where: { $0.component.isNamed(by: component) }) else {
        throw Self.missing(component, at: walked, among: children.map(\.component), column: path.column(of: index, fallback: column))
      }
      value = child.value
      walked = walked.appending(component)
    }
    return value
  }

  /// The paths, as typed, that complete `typed` by one step; those with parts of their own are
  /// no whole word, so Tab goes on into them.
  func completions(of typed: String) -> [(path: String, isLeaf: Bool)] {
    var candidates: [(path: String, isLeaf: Bool)] = []
    for (parentText, parent) in Self.parents(of: typed) {
      guard let value = try? value(at: parent, column: nil) else { continue }
      for child in Self.children(of: value).prefix(500) {
        let inBrackets = typed.dropFirst(parentText.count).hasPrefix("[")
        let text = parentText + (inBrackets ? child.component.bracketed : child.component.written(first: parent.components.isEmpty))
        if text.hasPrefix(typed) || (typed.hasPrefix(parentText + ".") && child.component.label.hasPrefix(typed.dropFirst(parentText.count + 1))) {
          // A part with parts of its own ends in the character its first part is written after.
          let next = Self.children(of: child.value).first.map { $0.component.written(first: false).hasPrefix("[") ? "[" : "." }
          candidates.append((text + (next ?? ""), next == nil))
        }
      }
      if !candidates.isEmpty { break }
    }
    return candidates
  }

  /// The ways `typed` splits into a whole path and a step being typed: at its last `.` or `[`
  /// outside quotes, the longest first; the root comes last.
  private static func parents(of typed: String) -> [(text: String, path: StatePath)] {
    var splits: [String.Index] = []
    var inQuotes = false
    var escaped = false
    for index in typed.indices {
      let character = typed[index]
      if inQuotes {
        if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inQuotes = false }
      } else if character == "\"" {
        inQuotes = true
      } else if character == "." || character == "[" {
        splits.append(index)
      }
    }
    var parents: [(text: String, path: StatePath)] = []
    for split in splits.reversed() {
      let text = String(typed[..<split])
      if let path = try? StatePath(parsing: text) { parents.append((text, path)) }
    }
    parents.append(("", StatePath()))
    return parents
  }

  /// The parts a path can walk into, in printing order, each with the step that names it.
  static func children(of value: Value) -> [(component: StatePath.Component, value: Value)] {
    switch value {
    case .structure(_, let fields), .enumCase(_, _, let fields?):
      return fields.map { (.name($0.label), $0.value) }
    case .dictionary(let entries):
      return Value.sortedEntries(entries).map { entry in
        if case .string(let key) = entry.key { return (.name(key), entry.value) }
        return (.key(entry.key), entry.value)
      }
    case .array(let elements):
      return elements.enumerated().map { (.key(.int($0.offset)), $0.element) }
    default:
      return []
    }
  }

  /// The error for a step the state does not have: where, what there is instead, the nearest.
  static func missing(
    _ component: StatePath.Component, at walked: StatePath, among children: [StatePath.Component], column: Int?
  ) -> CommandError {
    let place = walked.components.isEmpty ? "the state" : "`\(walked)`"
    let typed = component.written(first: true)
    let written = children.map { walked.appending($0).description }
    guard !written.isEmpty else {
      return CommandError("\(place) has no `\(typed.truncatedForMessage)`: it has no parts", column: column)
    }
    let nearest = Suggestions.closest(to: component.label, among: children.map(\.label), limit: 1).first
      .flatMap { label in children.first { $0.label == label } }
      .map { walked.appending($0).description }
    if let nearest {
      return CommandError("\(place) has no `\(typed.truncatedForMessage)`; did you mean `\(nearest.truncatedForMessage)`?", column: column)
    }
    let listed = written.prefix(12).map { "`\($0.truncatedForMessage)`" }.joined(separator: ", ")
    return CommandError("\(place) has no `\(typed.truncatedForMessage)`: it has \(listed)\(written.count > 12 ? ", …" : "")", column: column)
  }
}
