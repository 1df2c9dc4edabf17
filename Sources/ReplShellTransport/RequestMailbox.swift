import Foundation
import Synchronization

/// The requests of one attached shell on their way from the thread that reads its socket to the
/// main actor, in order. The reader puts each one; the main actor takes them, awaiting when none
/// waits, and the put resumes it. (An `AsyncStream`'s iterator is not isolated inside: its
/// `next(isolation:)` calls a nonisolated `next()`, so the main actor left for the global pool
/// for every request and came back, one more thread woken per request.)
///
/// At most `capacity` requests wait: a put beyond them blocks the reader's thread until the main
/// actor takes one, so a shell that pipelines requests faster than the app serves them waits in
/// its own `send` (the socket's buffer fills) instead of growing the app's memory.
public final class RequestMailbox<Element: Sendable>: Sendable {
  /// How many requests may wait when no other number is given.
  public static var defaultCapacity: Int { 32 }

  private struct Contents {
    /// Put and not taken yet, oldest first, from `head` on: taking moves `head`, so that a shell
    /// that pipelines many requests costs each take O(1), not a shift of all the others.
    var waiting: [Element] = []
    var head = 0
    /// The main actor's `take()` while it awaits an element (then `waiting` is empty).
    var taker: CheckedContinuation<Element?, Never>?
    var isFinished = false

    /// What a take gets without waiting: the oldest element, or nil (`.some(nil)`) once finished
    /// and empty; `.none` when it must wait.
    mutating func ready() -> Element?? {
      if head < waiting.count { return .some(takeOldest()) }
      return isFinished ? .some(nil) : .none
    }

    /// The oldest element waiting; the slots taken are let go once they are half the array.
    mutating func takeOldest() -> Element {
      let element = waiting[head]
      head += 1
      if head == waiting.count {
        waiting.removeAll(keepingCapacity: true)
        head = 0
      } else if head >= 64, head * 2 >= waiting.count {
        waiting.removeFirst(head)
        head = 0
      }
      return element
    }
  }

  private let contents = Mutex(Contents())
  /// How many elements may wait before a put waits for a take.
  private let capacity: Int
  /// Where a put waits for room: it checks `contents` with this lock held, and a take that
  /// frees a place in a full mailbox (or `finish()`) signals it with the lock held, so that no
  /// wake-up falls between the check and the wait. (Not a semaphore: libdispatch traps when one
  /// is let go with fewer places than it started with, as a mailbox is when its shell leaves
  /// with requests waiting.)
  private let room = NSCondition()

  /// A mailbox in which at most `capacity` requests wait.
  public init(capacity: Int = RequestMailbox.defaultCapacity) {
    self.capacity = max(capacity, 1)
  }

  /// Hands `element` to the main actor: to its awaiting `take()`, or kept for the next one,
  /// waiting for room when `capacity` elements wait already (for the reader's thread: the main
  /// actor never puts). After `finish()` it is dropped at once.
  public func put(_ element: Element) {
    room.lock()
    while contents.withLock({ !$0.isFinished && $0.waiting.count - $0.head >= capacity }) { room.wait() }
    room.unlock()
    let taker = contents.withLock { contents -> CheckedContinuation<Element?, Never>? in
      guard !contents.isFinished else { return nil }
      guard let taker = contents.taker else {
        contents.waiting.append(element)
        return nil
      }
      contents.taker = nil
      return taker
    }
    taker?.resume(returning: element)
  }

  /// How many elements wait to be taken now.
  public var waitingCount: Int {
    contents.withLock { $0.waiting.count - $0.head }
  }

  /// No more elements: `take()` returns nil once it has taken those kept, and a put waiting for
  /// room returns, its element dropped. Either side may call it: the reader at the end of the
  /// shell's requests, the main actor when it stops serving them.
  public func finish() {
    let taker = contents.withLock { contents in
      contents.isFinished = true
      defer { contents.taker = nil }
      return contents.taker
    }
    room.lock()
    room.broadcast()
    room.unlock()
    taker?.resume(returning: nil)
  }

  /// The oldest element not taken, awaited when none waits; nil once finished and empty. One
  /// taker at a time, on the main actor. An element already waiting is taken without suspending
  /// (a suspension, even one resumed at once, is a trip off the main actor and back).
  @MainActor public func take() async -> Element? {
    if let (ready, wasFull) = contents.withLock({ Self.ready(in: &$0, capacity: capacity) }) { return given(ready, wasFull) }
    return await withCheckedContinuation { continuation in
      let taken = contents.withLock { contents -> (Element?, Bool)? in
        guard let taken = Self.ready(in: &contents, capacity: capacity) else {
          contents.taker = continuation
          return nil
        }
        return taken
      }
      if let (ready, wasFull) = taken { continuation.resume(returning: given(ready, wasFull)) }
    }
  }

  /// What a take gets without waiting, and whether the mailbox was full before it (a put may be
  /// waiting for the room it makes); nil when it must wait.
  private static func ready(in contents: inout Contents, capacity: Int) -> (Element?, wasFull: Bool)? {
    let wasFull = contents.waiting.count - contents.head >= capacity
    return contents.ready().map { ($0, wasFull) }
  }

  /// `element`, taken; a put waiting for room is woken when the take made some.
  private func given(_ element: Element?, _ wasFull: Bool) -> Element? {
    if wasFull {
      room.lock()
      room.signal()
      room.unlock()
    }
    return element
  }
}
