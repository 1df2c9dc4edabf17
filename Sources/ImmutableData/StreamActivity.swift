import Synchronization

/// Counts, for each stream of a store, the elements yielded that its consumer has not finished
/// with: an element counts from the dispatch that yields it until its consumer comes back for the
/// next one. When every count is zero every listener is back waiting, so all the side effects it
/// started for what was dispatched are done — which a shell or a test can wait for without sleeping.
@usableFromInline package final class StreamActivity: Sendable {
  private struct Counts {
    var outstanding: [Int: Int] = [:]
    /// Every element produced or finished, ever: it moves whenever a listener makes progress.
    var changes = 0
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    var nextWaiter = 0
    var isIdle: Bool { outstanding.values.allSatisfy { $0 == 0 } }

    mutating func takeWaitersIfIdle() -> [CheckedContinuation<Void, Never>] {
      guard isIdle else { return [] }
      defer { waiters.removeAll() }
      return Array(waiters.values)
    }
  }

  private let counts = Mutex(Counts())

  /// Creates a count with no streams.
  package init() {}

  /// Whether every consumer has finished with every element.
  package var isIdle: Bool { counts.withLock { $0.isIdle } }

  /// Returns once every consumer is idle, or when the calling task is cancelled.
  package func waitUntilIdle() async {
    let waiter = counts.withLock { counts -> Int in
      counts.nextWaiter += 1
      return counts.nextWaiter
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = counts.withLock { counts -> Bool in
          if counts.isIdle || Task.isCancelled { return true }
          counts.waiters[waiter] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      resume(counts.withLock { counts in counts.waiters.removeValue(forKey: waiter).map { [$0] } ?? [] })
    }
  }

  /// How many elements streams have produced and consumers finished with, in all: a count that
  /// moves whenever a listener takes or finishes an element, for a scheduler that waits for the
  /// listeners to stop making progress.
  package var changes: Int { counts.withLock { $0.changes } }

  /// The streams whose consumers have not finished with every element, by the order the store
  /// made them (1 for its first stream), each with how many elements it has not finished with.
  package var busyStreams: [(stream: Int, unfinished: Int)] {
    counts.withLock { counts in
      counts.outstanding.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { (stream: $0.key, unfinished: $0.value) }
    }
  }

  func streamStarted(_ id: Int) {
    counts.withLock { $0.outstanding[id] = 0 }
  }

  /// A stream accepted an element; only a stream that has not ended counts, so `produced` never
  /// brings back the count of one that `streamEnded` removed.
  @usableFromInline func produced(on id: Int) {
    counts.withLock { counts in
      if let unfinished = counts.outstanding[id] {
        counts.outstanding[id] = unfinished + 1
        counts.changes &+= 1
      }
    }
  }

  @usableFromInline func finished(on id: Int) {
    resume(counts.withLock { counts in
      if let unfinished = counts.outstanding[id] {
        counts.outstanding[id] = max(0, unfinished - 1)
        counts.changes &+= 1
      }
      return counts.takeWaitersIfIdle()
    })
  }

  func streamEnded(_ id: Int) {
    resume(counts.withLock { counts in
      counts.outstanding[id] = nil
      return counts.takeWaitersIfIdle()
    })
  }

  private func resume(_ waiters: [CheckedContinuation<Void, Never>]) {
    for waiter in waiters {
      waiter.resume()
    }
  }
}
