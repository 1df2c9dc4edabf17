import Foundation

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

  /// One answer, handed from the main actor to the waiting thread under a lock and its condition.
  private final class Slot<Answer: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var answer: Answer?

    func fill(_ value: Answer) {
      condition.lock()
      answer = value
      condition.broadcast()
      condition.unlock()
    }

    func take() -> Answer {
      condition.lock()
      defer { condition.unlock() }
      while answer == nil { condition.wait() }
      // Filled: the loop ends only then.
      return answer.take()!
    }
  }
}
