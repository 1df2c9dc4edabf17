import Synchronization

/// The messages waiting to go to one page, bounded in bytes: a page that stops reading its
/// socket while the session goes on (or while it keeps asking) makes them pile up, and past the
/// limit nothing more is queued and the page is closed, so that one page can never hold the
/// shell's memory. A page that reads keeps the queue near empty whatever the session does.
final class PageOutbox: Sendable {
  /// The bytes that may wait for one page unless the inspector is told otherwise: 64 MiB, far
  /// past the backlog's batches and the largest reply (500 children of a state path).
  static let defaultLimit = 64 << 20

  /// The most bytes that may wait.
  let limit: Int
  /// The messages, in the order they were queued; finished by `finish()` or once the limit is passed.
  let messages: AsyncStream<String>
  /// Yields once, when the limit is passed.
  let overflows: AsyncStream<Void>

  private let queue: AsyncStream<String>.Continuation
  private let overflow: AsyncStream<Void>.Continuation
  private let state = Mutex(State())

  private struct State {
    var waiting = 0
    var overflowed = false
  }

  init(limit: Int = PageOutbox.defaultLimit) {
    self.limit = limit
    (messages, queue) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
    (overflows, overflow) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
  }

  /// Queues `text`; false once the bytes waiting would pass the limit, when nothing more is
  /// queued from then on and `overflows` says so.
  @discardableResult func send(_ text: String) -> Bool {
    let size = text.utf8.count
    let outcome = state.withLock { state -> (queued: Bool, overflowsNow: Bool) in
      if state.overflowed { return (false, false) }
      guard state.waiting + size <= limit else {
        state.overflowed = true
        return (false, true)
      }
      state.waiting += size
      return (true, false)
    }
    if outcome.queued { queue.yield(text) }
    if outcome.overflowsNow {
      queue.finish()
      overflow.yield()
      overflow.finish()
    }
    return outcome.queued
  }

  /// Says that `text`, taken from `messages`, has been written to the page.
  func delivered(_ text: String) {
    state.withLock { $0.waiting -= text.utf8.count }
  }

  /// The bytes queued and not yet written.
  var waitingBytes: Int { state.withLock { $0.waiting } }

  /// Whether the limit was passed.
  var hasOverflowed: Bool { state.withLock { $0.overflowed } }

  /// Ends the queue: the messages already in it are still taken, nothing more is queued.
  func finish() {
    queue.finish()
    overflow.finish()
  }
}
