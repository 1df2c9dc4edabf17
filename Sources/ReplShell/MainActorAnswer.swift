import Foundation
import Synchronization

/// An answer from the main actor for a thread that must block until it comes: libedit's
/// completion callback is synchronous, and while an inspector serves it runs on the thread that
/// reads the terminal (`TypedLines`), which does nothing else while it waits.
enum MainActorAnswer {
  /// Runs `work` on the main actor and blocks the calling thread until it returns. Never call it
  /// on the main thread: the work could not run.
  static func wait<Answer: Sendable>(_ work: @escaping @MainActor @Sendable () async -> Answer) -> Answer {
    let slot = Slot<Answer>()
    Task { @MainActor in slot.fill(await work()) }
    return slot.take()
  }

  /// One answer, handed from the main actor to the waiting thread: kept under a mutex, its
  /// arrival signalled once.
  private final class Slot<Answer: Sendable>: Sendable {
    private let answer = Mutex<Answer?>(nil)
    private let filled = DispatchSemaphore(value: 0)

    func fill(_ value: Answer) {
      answer.withLock { $0 = value }
      filled.signal()
    }

    func take() -> Answer {
      filled.wait()
      // Filled: the semaphore is signalled only then.
      return answer.withLock { $0.take()! }
    }
  }
}
