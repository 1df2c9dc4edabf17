import Logging

/// Prints a domain's swift-log output into the session that started it, as `[effects]` lines
/// when that category is on. The session hands the domain a `Logger` built on this handler
/// (`DomainContext.logger`), so nothing is installed process-wide and an app keeps its own
/// `LoggingSystem` set-up.
struct SessionLogHandler: LogHandler {
  /// The output of the session the logger belongs to.
  let buffer: OutputBuffer
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .debug

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    buffer.log(.effects, "\(event.message)")
  }

  /// A logger whose lines go to `buffer`.
  static func logger(for buffer: OutputBuffer) -> Logger {
    Logger(label: "replshell.session") { _ in SessionLogHandler(buffer: buffer) }
  }
}
