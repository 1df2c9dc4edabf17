/// The `CaseIterable` enums a `ValueEncoder` met, by display name with their case names: what
/// the action catalog offers to complete where such a value is typed.
public final class SymbolCollector {
  /// The case names of each enum met, by its display name.
  public private(set) var cases: [String: [String]] = [:]

  /// A collector that has met nothing yet.
  public init() {}

  /// Notes the enum called `typeName` and its case names.
  public func record(_ typeName: String, cases names: [String]) {
    cases[typeName] = names
  }

  /// Takes in what `other` noted.
  public func merge(_ other: SymbolCollector) {
    cases.merge(other.cases) { _, new in new }
  }
}
