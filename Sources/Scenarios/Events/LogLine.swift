/// A log line: what a listener or its persistent store logged through the session's `Logger`, or
/// a line of a `debug` category the shell writes itself (`actions`, `state`, `selectors`).
public struct LogLine: Sendable, Equatable {
  /// How serious a line is, as swift-log grades it.
  public enum Level: String, Sendable, Equatable, Comparable, CaseIterable {
    case trace, debug, info, notice, warning, error, critical

    /// Orders levels from `trace` to `critical`.
    public static func < (lhs: Level, rhs: Level) -> Bool {
      allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
  }

  /// The debug category the line belongs to: `effects` for a listener's lines.
  public let category: DebugCategory
  /// How serious it is: lines at `.warning` and above print whether the category is on or not.
  public let level: Level
  /// The text.
  public let text: String

  /// Describes a log line.
  public init(category: DebugCategory, level: Level, text: String) {
    self.category = category
    self.level = level
    self.text = text
  }
}
