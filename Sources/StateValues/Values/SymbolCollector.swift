/// The `CaseIterable` enums a `ValueEncoder` met, by display name with their case names: what
/// the action catalog offers to complete where such a value is typed.
package final class SymbolCollector {
  /// The case names of each enum met, by its display name.
  package private(set) var cases: [String: [String]] = [:]

  /// A collector that has met nothing yet.
  package init() {}

  /// Notes the enum called `typeName` and its case names.
  package func record(_ typeName: String, cases names: [String]) {
    cases[typeName] = names
  }

  /// Takes in what `other` noted.
  package func merge(_ other: SymbolCollector) {
    cases.merge(other.cases) { _, new in new }
  }
}
