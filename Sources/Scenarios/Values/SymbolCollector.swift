/// The `CaseIterable` enums a `ValueEncoder` met, by display name with their case names: what
/// the action catalog offers to complete where such a value is typed.
final class SymbolCollector {
  private(set) var cases: [String: [String]] = [:]

  /// Notes the enum called `typeName` and its case names.
  func record(_ typeName: String, cases names: [String]) {
    cases[typeName] = names
  }

  /// Takes in what `other` noted.
  func merge(_ other: SymbolCollector) {
    cases.merge(other.cases) { _, new in new }
  }
}
