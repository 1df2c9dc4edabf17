import SessionProtocol
import Synchronization

/// The debug categories that are switched on, read from any thread.
public final class DebugSwitches: Sendable {
  private let enabled = Atomic<UInt8>(0)

  /// Every category off.
  public init() {}

  /// Whether `category` is on.
  public func isEnabled(_ category: DebugCategory) -> Bool {
    enabled.load(ordering: .relaxed) & Self.bit(category) != 0
  }

  /// Switches `category` on or off.
  public func set(_ category: DebugCategory, enabled isOn: Bool) {
    if isOn {
      enabled.bitwiseOr(Self.bit(category), ordering: .relaxed)
    } else {
      enabled.bitwiseAnd(~Self.bit(category), ordering: .relaxed)
    }
  }

  /// The categories that are on.
  public var enabledCategories: Set<DebugCategory> {
    Set(DebugCategory.allCases.filter(isEnabled))
  }

  private static func bit(_ category: DebugCategory) -> UInt8 {
    1 << UInt8(DebugCategory.allCases.firstIndex(of: category) ?? 0)
  }
}
