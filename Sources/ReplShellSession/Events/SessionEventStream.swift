import SessionProtocol
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
    /// The last events, kept once `keepRecent` asks, for a tool that starts following later.
    var recent: [RedactableEvent] = []
    var recentLimit = 0
    var nextToken = 0
    var isFinished = false
  }

  private let contents = Mutex(Contents())
  /// The debug categories that are on: log events of the others are not emitted at `.debug` level.
  public let debug = DebugSwitches()
  /// The mailbox of what dispatches found that no line was handed a report for — a listener's or
  /// an app's between lines, or while a line waited on something other than its listeners —
  /// written by every session reporting here, and claimed by the next line to end (see `LineReport`).
  public let unclaimed = LineReport(location: nil)

  /// An empty stream.
  public init() {}

  /// Appends `event`, and hands it to every subscriber.
  public func emit(_ event: SessionEvent) {
    contents.withLock { contents in
      contents.pending.append(event)
      for continuation in contents.subscribers.values {
        continuation.yield(event)
      }
      guard !contents.redactableSubscribers.isEmpty || contents.recentLimit > 0 else { return }
      let redactable = RedactableEvent(event: event, redactions: contents.redactions)
      if contents.recentLimit > 0 {
        // Kept as a page is sent it: a diff of a whole feed would otherwise stay in memory whole.
        contents.recent.append(RedactableEvent(event: InspectorEventCut.shortened(event), redactions: contents.redactions))
        // Trimmed a quarter at a time, so that trimming costs nothing per event.
        if contents.recent.count > contents.recentLimit + contents.recentLimit / 4 {
          contents.recent.removeFirst(contents.recent.count - contents.recentLimit)
        }
      }
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
  public func subscribeRedactable() -> AsyncStream<RedactableEvent> {
    register(into: \.redactableSubscribers)
  }

  /// From now on, keeps the last `limit` events (at least) with their redactions, so that a tool
  /// that starts following mid-session (`inspect` typed at the prompt) shows what came before.
  public func keepRecent(_ limit: Int) {
    contents.withLock { $0.recentLimit = max($0.recentLimit, limit) }
  }

  /// The events `keepRecent` kept (the last `limit` of them, oldest first), then every later one
  /// as `subscribeRedactable()` hands it, with nothing lost or repeated between the two.
  public func subscribeRedactable(withRecent limit: Int) -> (recent: [RedactableEvent], live: AsyncStream<RedactableEvent>) {
    // Registered under the lock that takes the kept events: no event falls between the two.
    let (stream, continuation) = AsyncStream<RedactableEvent>.makeStream(bufferingPolicy: .unbounded)
    let registered: (token: Int, recent: [RedactableEvent])? = contents.withLock { contents in
      guard !contents.isFinished else { return nil }
      let token = contents.nextToken
      contents.nextToken += 1
      contents.redactableSubscribers[token] = continuation
      return (token, Array(contents.recent.suffix(limit)))
    }
    guard let registered else {
      continuation.finish()
      return ([], stream)
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.contents.withLock { $0.redactableSubscribers.removeValue(forKey: registered.token) }
    }
    return (registered.recent, stream)
  }

  /// How many events a shell with an inspector keeps for one started later.
  public static let inspectorBacklog = 10_000

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
  public func setRedactions(_ redactions: RedactionList) {
    contents.withLock { $0.redactions = redactions }
  }

  /// Removes and returns what arrived since the last call: the shell renders it for one command.
  public func takePending() -> [SessionEvent] {
    contents.withLock { contents in
      guard !contents.pending.isEmpty else { return [] }
      defer { contents.pending.removeAll(keepingCapacity: true) }
      return contents.pending
    }
  }

  /// How many events are pending.
  public var pendingCount: Int {
    contents.withLock { $0.pending.count }
  }

  /// The pending events from `index` on, left pending: a line that `source` runs reads its own.
  public func pending(from index: Int) -> [SessionEvent] {
    contents.withLock { Array($0.pending[min(index, $0.pending.count)...]) }
  }

  /// Ends every subscription; later events are still taken by the shell but reach no subscriber.
  public func finish() {
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
