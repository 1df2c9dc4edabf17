import Synchronization

/// The requests of one attached shell on their way from the thread that reads its socket to the
/// main actor, in order. The reader puts each one; the main actor takes them, awaiting when none
/// waits, and the put resumes it. (An `AsyncStream`'s iterator is not isolated inside: its
/// `next(isolation:)` calls a nonisolated `next()`, so the main actor left for the global pool
/// for every request and came back, one more thread woken per request.)
final class RequestMailbox<Element: Sendable>: Sendable {
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

  /// Hands `element` to the main actor: to its awaiting `take()`, or kept for the next one.
  /// Never waits. After `finish()` it is dropped.
  func put(_ element: Element) {
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

  /// No more elements: `take()` returns nil once it has taken those kept.
  func finish() {
    let taker = contents.withLock { contents in
      contents.isFinished = true
      defer { contents.taker = nil }
      return contents.taker
    }
    taker?.resume(returning: nil)
  }

  /// The oldest element not taken, awaited when none waits; nil once finished and empty. One
  /// taker at a time, on the main actor. An element already waiting is taken without suspending
  /// (a suspension, even one resumed at once, is a trip off the main actor and back).
  @MainActor func take() async -> Element? {
    if let ready = contents.withLock({ $0.ready() }) { return ready }
    return await withCheckedContinuation { continuation in
      let ready = contents.withLock { contents -> Element?? in
        guard let ready = contents.ready() else {
          contents.taker = continuation
          return .none
        }
        return ready
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }
}
