/// Which kinds of check a session has set: watches, invariants, breakpoints.
package struct ActiveChecks: OptionSet, Sendable {
  package let rawValue: UInt8

  package init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// A selector is watched.
  package static let watches = ActiveChecks(rawValue: 1 << 0)
  /// An invariant is set.
  package static let invariants = ActiveChecks(rawValue: 1 << 1)
  /// A breakpoint is set.
  package static let breakpoints = ActiveChecks(rawValue: 1 << 2)

  /// Adds `kind` when `isSet`, removes it otherwise.
  mutating func set(_ kind: ActiveChecks, _ isSet: Bool) {
    if isSet { insert(kind) } else { remove(kind) }
  }
}
