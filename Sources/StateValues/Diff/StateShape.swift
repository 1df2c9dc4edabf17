/// How `StateDiff` walks a type, learned once per type from what the value layer knows of it.
public enum Shape: Sendable {
  /// A dictionary compared entry by entry.
  case dictionary
  /// A struct printed as exactly its stored properties, in order: compared field by field.
  case structure(StructureShape)
  /// Anything else: encoded and diffed as a `Value`.
  case leaf

  private static let known = TypeMemo<Shape>()

  public static func of(_ sample: Any) -> Shape {
    known.fact(aboutTypeOf: sample, learning: learn(from:))
  }

  private static func learn(from sample: Any) -> Shape {
    if sample is any DiffableDictionary { return .dictionary }
    let info = TypeInfo.of(sample)
    guard let labels = info.printedStoredProperties, !labels.isEmpty else { return .leaf }
    let reader = StoredPropertyReader.of(sample)
    return .structure(StructureShape(typeName: info.name, labels: labels, reader: reader?.labels == labels ? reader : nil))
  }
}

/// A struct's shape: its printed name and stored properties, and what the diff prints of them,
/// made once per type rather than for every diff. A class, so that a diff takes it with one retain.
public final class StructureShape: Sendable {
  /// The type's name as printed.
  public let typeName: String
  /// The stored properties' names, in order.
  public let labels: [String]
  /// Each stored property's label as a diff line starts it: `value: `.
  let fieldLabels: [String]
  /// The opening and closing brackets of the struct: `CounterState(` and `)`.
  let open: String
  public let close: String
  /// Reads the stored properties from their offsets; nil when the runtime cannot read them all.
  public let reader: StoredPropertyReader?

  public init(typeName: String, labels: [String], reader: StoredPropertyReader?) {
    self.typeName = typeName
    self.labels = labels
    self.fieldLabels = labels.map(ValuePrinter.fieldLabel)
    (self.open, self.close) = ValuePrinter.structureBrackets(typeName)
    self.reader = reader
  }
}
