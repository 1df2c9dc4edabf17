import Foundation

/// What the shell needs to know about a Swift type to print and parse its values, learned once
/// per type from a sample value and cached.
public struct TypeInfo: Sendable {
  /// How values of the type are written.
  public enum Kind: Sendable {
    /// An enum whose cases carry no payload and that lists them (`CaseIterable`): written `.name`.
    case symbolicEnum(cases: [String])
    case enumeration
    /// A dictionary; `stringKeys` when its `Key` is `String`, so a key like `"9"` stays a string.
    case dictionary(stringKeys: Bool)
    case structure
    /// A set (`Set`, `TreeSet`, anything that reflects as one): its elements have no order of
    /// their own, so they are written in the canonical order (`Value.canonicallyOrdered`).
    case set
    /// Arrays, scalars: written as their encoding says.
    case other
  }

  /// The type's name without its module, e.g. `AnimalsState.Categories`.
  public let name: String
  public let kind: Kind
  /// For structs: stored property names in declaration order, so absent optionals print as `nil`.
  let fieldOrder: [String]
  /// For a struct that prints as exactly its stored properties, in order (through a synthesized
  /// `Encodable`, or by reflection): their labels; nil for any other type. A diff compares such a
  /// struct property by property (`ValueEncoder.storedPropertyValues(of:)`).
  let printedStoredProperties: [String]?

  /// What was learned of each type: a pure function of the type, so one table serves every domain.
  private static let cache = TypeMemo<TypeInfo>()

  /// The cached description of the type of `sample`, learned from it the first time.
  public static func of(_ sample: Any) -> TypeInfo {
    cache.fact(aboutTypeOf: sample, learning: TypeInfo.init(learningFrom:))
  }

  private init(learningFrom sample: Any) {
    self.name = Self.displayName(of: type(of: sample))
    let mirror = Mirror(reflecting: sample)
    var order: [String] = []
    switch mirror.displayStyle {
    case .enum:
      if let caseIterable = sample as? any CaseIterable {
        self.kind = .symbolicEnum(cases: Self.caseNames(of: caseIterable))
      } else {
        self.kind = .enumeration
      }
    case .dictionary:
      self.kind = .dictionary(stringKeys: (type(of: sample) as? any StringKeyedDictionary.Type)?.hasStringKeys ?? false)
    case .struct, .class:
      self.kind = .structure
      order = mirror.children.compactMap(\.label)
    case .set:
      self.kind = .set
    default:
      self.kind = .other
    }
    self.fieldOrder = order
    self.printedStoredProperties = mirror.displayStyle == .struct ? Self.printedStoredProperties(of: sample, mirror) : nil
  }

  /// The labels of a struct's stored properties when it prints as exactly those: its encoding
  /// writes exactly their keys, or it is reflected and every property has a label.
  private static func printedStoredProperties(of sample: Any, _ mirror: Mirror) -> [String]? {
    if let encodable = sample as? any Encodable {
      return TopLevelKeys.storedProperties(of: encodable, mirror: mirror)
    }
    let labels = mirror.children.compactMap(\.label)
    return labels.count == mirror.children.count ? labels : nil
  }

  private static func caseNames<C: CaseIterable>(of sample: C) -> [String] {
    C.allCases.map { String(describing: $0) }
  }

  /// `String(reflecting:)` without module names, with Swift's sugar for arrays, optionals and
  /// dictionaries: `Swift.Optional<AnimalsData.Animal>` → `Animal?`. Escaped as the printer
  /// escapes names, for the messages that name a type: Swift lets a name hold `U+202E`.
  public static func displayName(of type: Any.Type) -> String {
    displayNames.fact(about: type) { computeDisplayName(of: type) }
  }

  private static let displayNames = TypeMemo<String>()

  private static func computeDisplayName(of type: Any.Type) -> String {
    var full = String(reflecting: type)
    // Types declared private or inside functions carry an unspeakable context; drop it.
    while let start = full.range(of: "(unknown context at "), let end = full[start.upperBound...].range(of: ").") {
      full.removeSubrange(start.lowerBound..<end.upperBound)
    }
    return ValuePrinter.escapedName(sugared(withoutModules(full)))
  }

  /// Drops the first dotted component of every qualified name: in `String(reflecting:)` that is the module.
  private static func withoutModules(_ name: String) -> String {
    var output = ""
    var atNameStart = true
    var index = name.startIndex
    while index < name.endIndex {
      if atNameStart, let dot = name[index...].firstIndex(where: { !$0.isIdentifierContinuation }), name[dot] == ".",
        dot > index
      {
        index = name.index(after: dot)
        atNameStart = false
        continue
      }
      let character = name[index]
      output.append(character)
      atNameStart = character == "<" || character == " " || character == "(" || character == ","
      index = name.index(after: index)
    }
    return output
  }

  private static func sugared(_ name: String) -> String {
    for (prefix, render) in [("Optional<", { (inner: String) in inner + "?" }), ("Array<", { "[" + $0 + "]" })]
    where name.hasPrefix(prefix) && name.hasSuffix(">") {
      return render(sugared(String(name.dropFirst(prefix.count).dropLast())))
    }
    if name.hasPrefix("Dictionary<"), name.hasSuffix(">") {
      let inner = name.dropFirst("Dictionary<".count).dropLast()
      if let comma = inner.firstIndex(of: ",") {
        return "[" + sugared(String(inner[..<comma])) + ": " + sugared(inner[inner.index(after: comma)...].trimmingLeadingWhitespace) + "]"
      }
    }
    return name
  }
}
