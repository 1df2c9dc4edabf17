/// Which kinds of check a session has set: watches, invariants, breakpoints.
public struct ActiveChecks: OptionSet, Sendable {
  /// The kinds set, one bit each.
  public let rawValue: UInt8

  /// The kinds whose bits `rawValue` sets.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// A selector is watched.
  public static let watches = ActiveChecks(rawValue: 1 << 0)
  /// An invariant is set.
  public static let invariants = ActiveChecks(rawValue: 1 << 1)
  /// A breakpoint is set.
  public static let breakpoints = ActiveChecks(rawValue: 1 << 2)

  /// Adds `kind` when `isSet`, removes it otherwise.
  mutating func set(_ kind: ActiveChecks, _ isSet: Bool) {
    if isSet { insert(kind) } else { remove(kind) }
  }
}
