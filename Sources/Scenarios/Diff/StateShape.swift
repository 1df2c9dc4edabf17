/// How `StateDiff` walks a type, learned once per type from what the value layer knows of it.
enum Shape {
  /// A dictionary compared entry by entry.
  case dictionary
  /// A struct printed as exactly its stored properties, in order: compared field by field.
  case structure(typeName: String, labels: [String])
  /// Anything else: encoded and diffed as a `Value`.
  case leaf

  private static let known = TypeMemo<Shape>()

  static func of(_ sample: Any) -> Shape {
    known.fact(aboutTypeOf: sample, learning: learn(from:))
  }

  private static func learn(from sample: Any) -> Shape {
    if sample is any DiffableDictionary { return .dictionary }
    let info = TypeInfo.of(sample)
    guard let labels = info.printedStoredProperties, !labels.isEmpty else { return .leaf }
    return .structure(typeName: info.name, labels: labels)
  }
}
