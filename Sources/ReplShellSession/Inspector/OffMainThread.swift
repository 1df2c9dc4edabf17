import Foundation

/// Work an inspector does on a thread of its own: encoding a 64k-entry state, or sorting and
/// searching it, takes a few hundred milliseconds, during which the main actor must go on running
/// lines and the cooperative pool must go on delivering events to the page.
package enum OffMainThread {
  /// The result of `work`, run on a new thread; the caller suspends without blocking a thread.
  package static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      let thread = Thread { continuation.resume(returning: work()) }
      thread.name = "replshell-inspector-work"
      thread.start()
    }
  }
}
