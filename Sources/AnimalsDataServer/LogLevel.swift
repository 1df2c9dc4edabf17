import ArgumentParser
import Logging

/// A `--log-level` value: the swift-log levels by name.
enum LogLevel: String, CaseIterable, ExpressibleByArgument {
  case trace, debug, info, notice, warning, error, critical

  /// The swift-log level of the same name.
  var level: Logger.Level {
    switch self {
    case .trace: .trace
    case .debug: .debug
    case .info: .info
    case .notice: .notice
    case .warning: .warning
    case .error: .error
    case .critical: .critical
    }
  }
}
