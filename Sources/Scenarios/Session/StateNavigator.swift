/// Walks a state written as a `Value` along the dotted paths of `state a.b`: struct fields and
/// case arguments by label, dictionary entries by key.
struct StateNavigator {
  /// The state being walked.
  let root: Value

  /// The lines of `state <path>`: the part at `path`, printed; an error names the parts there are.
  func lines(at path: [String], column: Int) throws(CommandError) -> [OutputLine] {
    var value = root
    var walked: [String] = []
    for component in path {
      let children = Self.children(of: value)
      guard let child = children.first(where: { $0.name == component }) else {
        let place = walked.isEmpty ? "the state" : "`" + walked.joined(separator: ".") + "`"
        let names = children.map(\.name)
        let hint = names.isEmpty ? "it has no parts" : "it has " + names.prefix(12).map { "`\($0)`" }.joined(separator: ", ")
        throw CommandError("\(place) has no `\(component.truncatedForMessage)`: \(hint)", column: column)
      }
      value = child.value
      walked.append(component)
    }
    return ValuePrinter.pretty(value).map(OutputLine.plain)
  }

  /// The paths that complete `prefix`, one level deep; those with parts of their own end in `.`.
  func paths(matching prefix: String) -> [String] {
    var components = prefix.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    components.removeLast()
    var value = root
    for component in components {
      guard let child = Self.children(of: value).first(where: { $0.name == component }) else { return [] }
      value = child.value
    }
    let base = components.isEmpty ? "" : components.joined(separator: ".") + "."
    return Self.children(of: value).prefix(200).map { base + $0.name + (Self.children(of: $0.value).isEmpty ? "" : ".") }
  }

  /// The parts a path can walk into, in printing order.
  static func children(of value: Value) -> [(name: String, value: Value)] {
    switch value {
    case .structure(_, let fields), .enumCase(_, _, let fields?):
      return fields.map { ($0.label, $0.value) }
    case .dictionary(let entries):
      return Value.sortedEntries(entries).map { entry in
        switch entry.key {
        case .string(let key): (key, entry.value)
        default: (ValuePrinter.singleLine(entry.key), entry.value)
        }
      }
    default:
      return []
    }
  }
}
