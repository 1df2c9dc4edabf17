/// A log line: what a listener or its persistent store logged through the session's `Logger`, or
/// a line of a `debug` category the shell writes itself (`actions`, `state`, `selectors`).
public struct LogLine: Sendable, Equatable {
  /// How serious a line is, as swift-log grades it.
  public enum Level: String, Sendable, Equatable, Comparable, CaseIterable {
    /// The finest detail, for tracing a listener step by step.
    case trace
    /// Detail for debugging: printed only when its category is on.
    case debug
    /// What happened, in the normal course of things.
    case info
    /// Worth noticing, still normal.
    case notice
    /// Something went wrong and was recovered from: always printed.
    case warning
    /// An operation failed: always printed.
    case error
    /// The app cannot go on as it should: always printed.
    case critical

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
