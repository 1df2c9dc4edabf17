import Synchronization

/// The one ordered stream of a shell's events. The session's parts emit into it as things happen
/// — from the main actor, and from listener tasks on any thread — and it keeps them in that order.
/// The shell takes what arrived during each command to render it; tools watch it live through
/// `subscribe()`. Commands never read it back.
public final class SessionEventStream: Sendable {
  private struct Contents {
    /// What arrived since the shell last took the pending events.
    var pending: [SessionEvent] = []
    /// Live subscribers, by token.
    var subscribers: [Int: AsyncStream<SessionEvent>.Continuation] = [:]
    /// Live subscribers that receive each event with the redactions in force when it came.
    var redactableSubscribers: [Int: AsyncStream<RedactableEvent>.Continuation] = [:]
    /// What the shell's transcript replaces, as it stands now.
    var redactions: RedactionList?
    var nextToken = 0
    var isFinished = false
  }

  private let contents = Mutex(Contents())
  /// The debug categories that are on: log events of the others are not emitted at `.debug` level.
  public let debug = DebugSwitches()

  /// An empty stream.
  public init() {}

  /// Appends `event`, and hands it to every subscriber.
  public func emit(_ event: SessionEvent) {
    contents.withLock { contents in
      contents.pending.append(event)
      for continuation in contents.subscribers.values {
        continuation.yield(event)
      }
      guard !contents.redactableSubscribers.isEmpty else { return }
      let redactable = RedactableEvent(event: event, redactions: contents.redactions)
      for continuation in contents.redactableSubscribers.values {
        continuation.yield(redactable)
      }
    }
  }

  /// Appends several events in order.
  public func emit(contentsOf events: [SessionEvent]) {
    for event in events { emit(event) }
  }

  /// Emits a log line if it is serious enough to always print (`.warning` and above) or its
  /// category is on; `text` is only built when it is emitted.
  public func log(_ category: DebugCategory, level: LogLine.Level = .debug, _ text: @autoclosure () -> String) {
    guard level >= .warning || debug.isEnabled(category) else { return }
    emit(.log(LogLine(category: category, level: level, text: text())))
  }

  /// Every event emitted from now on, in order, until the shell closes. For tools that watch a
  /// session (an attached client, an inspector); ending the iteration unsubscribes.
  public func subscribe() -> AsyncStream<SessionEvent> {
    register(into: \.subscribers)
  }

  /// Every event emitted from now on, each with the redactions in force when it was emitted, so
  /// that a tool shows it as the transcript does (`RedactableEvent.redacted`); ending the
  /// iteration unsubscribes.
  package func subscribeRedactable() -> AsyncStream<RedactableEvent> {
    register(into: \.redactableSubscribers)
  }

  /// A new stream registered in `table` until its iteration ends; finished at once when the shell is closed.
  private func register<Element: Sendable>(
    into table: WritableKeyPath<Contents, [Int: AsyncStream<Element>.Continuation]> & Sendable
  ) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .unbounded)
    let token: Int? = contents.withLock { contents in
      guard !contents.isFinished else { return nil }
      let token = contents.nextToken
      contents.nextToken += 1
      contents[keyPath: table][token] = continuation
      return token
    }
    guard let token else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.contents.withLock { $0[keyPath: table].removeValue(forKey: token) }
    }
    return stream
  }

  /// Records the shell's redactions: the events emitted from now on carry them to `subscribeRedactable()`.
  func setRedactions(_ redactions: RedactionList) {
    contents.withLock { $0.redactions = redactions }
  }

  /// Removes and returns what arrived since the last call: the shell renders it for one command.
  package func takePending() -> [SessionEvent] {
    contents.withLock { contents in
      guard !contents.pending.isEmpty else { return [] }
      defer { contents.pending.removeAll(keepingCapacity: true) }
      return contents.pending
    }
  }

  /// How many events are pending.
  package var pendingCount: Int {
    contents.withLock { $0.pending.count }
  }

  /// The pending events from `index` on, left pending: a line that `source` runs reads its own.
  package func pending(from index: Int) -> [SessionEvent] {
    contents.withLock { Array($0.pending[min(index, $0.pending.count)...]) }
  }

  /// Ends every subscription; later events are still taken by the shell but reach no subscriber.
  package func finish() {
    let ended = contents.withLock { contents in
      contents.isFinished = true
      defer {
        contents.subscribers.removeAll()
        contents.redactableSubscribers.removeAll()
      }
      return (Array(contents.subscribers.values), Array(contents.redactableSubscribers.values))
    }
    for continuation in ended.0 { continuation.finish() }
    for continuation in ended.1 { continuation.finish() }
  }
}
