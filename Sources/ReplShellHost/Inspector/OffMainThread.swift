import Dispatch
import ReplShellTransport

/// Work an inspector does off the main actor and off Swift's cooperative pool: encoding a
/// 64k-entry state, or sorting and searching it, takes a few hundred milliseconds, during which
/// the main actor must go on running lines and the cooperative pool must go on delivering events
/// to the page. It is computation, not a blocking call: it runs on a worker of Dispatch's global
/// queue, not on a thread of its own — except what only prepares for a later request, which runs
/// at a lowered priority and so needs a thread it can lower.
enum OffMainThread {
  /// The result of `work`, run on Dispatch's global queue; the caller suspends without blocking a thread.
  static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
    }
  }

  /// Runs `work` on a thread of its own at nice 10 (`BlockingThread`, `BackgroundPriority`),
  /// for what only prepares for a later request — laying out a search index: on a machine with
  /// few cores it yields to the shell, the event delivery and the browser.
  static func runInBackground(_ name: String, _ work: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      BlockingThread.start(name) {
        BackgroundPriority.lowerCurrentThread(toNice: 10)
        work()
        continuation.resume()
      }
    }
  }
}
