import Logging

/// Routes the domain libraries' swift-log output to the session that caused it, as `[effects]`
/// lines, when that category is on. The session is found through a task-local value, which the
/// listeners' tasks inherit from the command that started them.
struct ShellLogHandler: LogHandler {
  /// The buffer of the session whose work is running in the current task.
  @TaskLocal static var currentBuffer: OutputBuffer?

  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .debug

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    guard let buffer = Self.currentBuffer else { return }
    buffer.log(.effects, "\(event.message)")
  }

  /// Installs the handler once per process.
  static func bootstrap() {
    _ = installed
  }

  private static let installed: Bool = {
    LoggingSystem.bootstrap { _ in ShellLogHandler() }
    return true
  }()
}
