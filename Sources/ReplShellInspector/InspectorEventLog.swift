import Foundation
import ReplShellSession
import Scenarios
import SessionProtocol
import Synchronization

/// The session's events as the inspector sends them: redacted as the transcript shows them,
/// numbered, encoded once as JSON (the `--format json` object inside an envelope with its number
/// and history entry), the last `limit` of them kept for pages that connect later, and each new
/// one handed to every open page.
final class InspectorEventLog: Sendable {
  private struct Contents {
    /// The kept events, oldest first; `first` is the number of the oldest.
    var records: [String] = []
    var first = 1
    var next = 1
    var listeners: [Int: AsyncStream<Item>.Continuation] = [:]
    var nextListener = 0
  }

  /// What a page receives: an encoded event, and whether it may move the history.
  struct Item: Sendable {
    let json: String
    let movesHistory: Bool
  }

  /// How many events are kept for pages that connect later.
  let limit: Int
  private let contents = Mutex(Contents())

  /// An empty log keeping at most `limit` events.
  init(limit: Int) {
    self.limit = max(limit, 1)
  }

  /// Follows `stream` until it finishes (the shell closed).
  func follow(_ stream: AsyncStream<RedactableEvent>) async {
    for await event in stream {
      append(event)
    }
  }

  /// Numbers and encodes `event` (one no redaction applies to), keeps it and hands it to every page.
  func append(_ event: SessionEvent) {
    append(RedactableEvent(unredacted: event))
  }

  /// Numbers and encodes `emitted` as the transcript shows it, redacted; keeps it and hands it to every page.
  func append(_ emitted: RedactableEvent) {
    let event = emitted.event
    // Redacted before it is cut, so that a cut never splits what a redaction would replace.
    let body = SessionEventJSON.line(for: Self.shortened(emitted.redacted))
    append(body: body, entry: InspectorEventCut.entry(of: event), movesHistory: InspectorEventCut.movesHistory(event))
  }

  /// Numbers an event already encoded as `--format json` writes it (`body`, redacted and cut
  /// short: what an attached app relays), keeps it and hands it to every page.
  func append(body: String, entry: Int?, movesHistory: Bool) {
    // When the event was emitted, in Unix milliseconds: the page measures how late it shows it.
    let sent = String(format: "%.1f", Date().timeIntervalSince1970 * 1000)
    contents.withLock { contents in
      let json = "{\"type\": \"event\", \"seq\": \(contents.next), \"entry\": \(entry.map(String.init) ?? "null"), \"sent\": \(sent), \"event\": \(body)}"
      contents.next += 1
      contents.records.append(json)
      // Trimmed a quarter at a time, so that trimming costs nothing per event.
      if contents.records.count > limit + limit / 4 {
        let dropped = contents.records.count - limit
        contents.records.removeFirst(dropped)
        contents.first += dropped
      }
      let item = Item(json: json, movesHistory: movesHistory)
      for listener in contents.listeners.values { listener.yield(item) }
    }
  }

  /// The most lines of a diff a page is sent (`InspectorEventCut.diffLineLimit`).
  static let diffLineLimit = InspectorEventCut.diffLineLimit

  /// The most characters of an action a page is sent (`InspectorEventCut.actionLengthLimit`).
  static let actionLengthLimit = InspectorEventCut.actionLengthLimit

  /// `event` cut as `InspectorEventCut.shortened` cuts it.
  static func shortened(_ event: SessionEvent) -> SessionEvent {
    InspectorEventCut.shortened(event)
  }

  /// The kept events (at most `limit`), how many earlier ones were dropped, and every later
  /// event as it comes, with nothing lost or repeated between the two.
  func attach() -> (backlog: [String], dropped: Int, live: AsyncStream<Item>) {
    let (stream, continuation) = AsyncStream<Item>.makeStream(bufferingPolicy: .unbounded)
    let (backlog, dropped, key) = contents.withLock { contents in
      let key = contents.nextListener
      contents.nextListener += 1
      contents.listeners[key] = continuation
      let kept = Array(contents.records.suffix(limit))
      return (kept, contents.next - 1 - kept.count, key)
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.contents.withLock { $0.listeners.removeValue(forKey: key) }
    }
    return (backlog, dropped, stream)
  }

  /// Ends every page's live stream.
  func finish() {
    let listeners = contents.withLock { contents in
      defer { contents.listeners.removeAll() }
      return Array(contents.listeners.values)
    }
    for listener in listeners { listener.finish() }
  }
}
