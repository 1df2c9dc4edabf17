import Logging
import SessionProtocol

/// Prints a domain's swift-log output into the session that started it, as `[effects]` log
/// events: every line when that category is on, and lines at `.warning` and above always. The session hands the domain a `Logger` built on this handler
/// (`DomainContext.logger`), so nothing is installed process-wide and an app keeps its own
/// `LoggingSystem` set-up.
struct SessionLogHandler: LogHandler {
  /// The events of the session the logger belongs to.
  let events: SessionEventStream
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .debug

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    events.log(.effects, level: LogLine.Level(rawValue: event.level.rawValue) ?? .error, "\(event.message)")
  }

  /// A logger whose lines go to `events`.
  static func logger(for events: SessionEventStream) -> Logger {
    Logger(label: "replshell.session") { _ in SessionLogHandler(events: events) }
  }
}

extension SessionEventStream {
  /// A logger whose lines go to these events, for the domain a session starts (`SessionLogHandler`).
  public var domainLogger: Logger {
    SessionLogHandler.logger(for: self)
  }
}
