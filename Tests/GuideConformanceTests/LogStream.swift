import Logging

/// A logger whose messages arrive on an `AsyncStream`, so a test can await the line a listener
/// logs after its thunk fails, without sleeping.
struct LogStream {
  let logger: Logger
  let messages: AsyncStream<String>

  init() {
    let (messages, continuation) = AsyncStream.makeStream(of: String.self)
    var logger = Logger(label: "GuideConformanceTests") { _ in StreamLogHandler(continuation: continuation) }
    logger.logLevel = .debug
    self.logger = logger
    self.messages = messages
  }

  /// The first message that starts with `prefix`, or nil if the stream ends without one.
  func first(startingWith prefix: String) async -> String? {
    for await message in self.messages where message.hasPrefix(prefix) {
      return message
    }
    return nil
  }
}

/// Yields each message to a stream.
private struct StreamLogHandler: LogHandler {
  let continuation: AsyncStream<String>.Continuation
  var logLevel: Logger.Level = .debug
  var metadata: Logger.Metadata = [:]

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { self.metadata[key] }
    set { self.metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    self.continuation.yield("\(event.message)")
  }
}
