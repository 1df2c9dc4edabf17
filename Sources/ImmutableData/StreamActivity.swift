import Synchronization

/// Counts, for each stream of a store, the elements yielded that its consumer has not finished
/// with: an element counts from the dispatch that yields it until its consumer comes back for the
/// next one. When every count is zero every listener is back waiting, so all the side effects it
/// started for what was dispatched are done — which a shell or a test can wait for without sleeping.
@usableFromInline package final class StreamActivity: Sendable {
  private struct Counts {
    var outstanding: [Int: Int] = [:]
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

  func streamStarted(_ id: Int) {
    counts.withLock { $0.outstanding[id] = 0 }
  }

  @usableFromInline func produced(on id: Int) {
    counts.withLock { $0.outstanding[id, default: 0] += 1 }
  }

  @usableFromInline func finished(on id: Int) {
    resume(counts.withLock { counts in
      counts.outstanding[id] = max(0, (counts.outstanding[id] ?? 0) - 1)
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
