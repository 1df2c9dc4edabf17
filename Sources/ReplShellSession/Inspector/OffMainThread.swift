import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Work an inspector does off the main actor and off Swift's cooperative pool: encoding a
/// 64k-entry state, or sorting and searching it, takes a few hundred milliseconds, during which
/// the main actor must go on running lines and the cooperative pool must go on delivering events
/// to the page. It is computation, not a blocking call: it runs on a worker of Dispatch's global
/// queue, not on a thread of its own.
enum OffMainThread {
  /// The result of `work`, run on Dispatch's global queue; the caller suspends without blocking a thread.
  static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
    }
  }

  /// Runs `work` on a thread of its own whose scheduling priority is lowered (nice 10), for
  /// what only prepares for a later request (laying out a search index): on a machine with few
  /// cores it yields to the shell, the event delivery and the browser. A thread of its own,
  /// because an unprivileged process cannot raise a pooled thread's priority back afterwards.
  static func runInBackground(_ work: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let thread = Thread {
        #if canImport(Glibc)
        // On Linux a nice value is a thread's own, and 0 names the calling thread. Best effort:
        // where the call is refused, the work runs at the usual priority.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
        work()
        continuation.resume()
      }
      thread.name = "replshell-search-index"
      thread.start()
    }
  }
}
