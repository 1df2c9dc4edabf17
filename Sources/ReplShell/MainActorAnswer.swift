import Dispatch
import Synchronization

/// An answer from the main actor for a thread that must block until it comes: libedit's
/// completion callback is synchronous, and while an inspector serves it runs on the thread that
/// reads the terminal (`TypedLines`), which does nothing else while it waits.
enum MainActorAnswer {
  /// Runs `work` on the main actor and blocks the calling thread until it returns. Never call it
  /// on the main thread: the work could not run.
  static func wait<Answer: Sendable>(_ work: @escaping @MainActor @Sendable () async -> Answer) -> Answer {
    let answer = Mutex<Answer?>(nil)
    let answered = DispatchSemaphore(value: 0)
    Task { @MainActor in
      let value = await work()
      answer.withLock { $0 = value }
      answered.signal()
    }
    answered.wait()
    // The task stored the answer before it signalled.
    return answer.withLock { $0.take()! }
  }
}
