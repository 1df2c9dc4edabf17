import Foundation

/// The seed of a property test: `REPLSHELL_SEED` from the environment when set, so a failure can
/// be replayed (`REPLSHELL_SEED=42 swift test --filter …`), else the test's own default. Every
/// failure message of a property test names it through `description`.
package struct PropertySeed: Sendable, CustomStringConvertible {
  /// The environment variable that overrides every property test's seed.
  package static let variable = "REPLSHELL_SEED"

  /// The seed to generate from.
  package let value: UInt64

  /// `REPLSHELL_SEED` when it is set to a number, else `defaultValue`.
  package init(default defaultValue: UInt64) {
    value = ProcessInfo.processInfo.environment[Self.variable].flatMap { UInt64($0) } ?? defaultValue
  }

  package var description: String {
    "seed \(value) (replay with \(Self.variable)=\(value))"
  }
}
