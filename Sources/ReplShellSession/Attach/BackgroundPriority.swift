#if canImport(Glibc)
import Glibc
#endif

/// The work an attachment does for its shells that is not a reply to what they typed —
/// describing the app's dispatches (`LiveHooks`' tap) — runs on a thread of the lowest priority,
/// so that it never takes a core from the app's own threads: the app never waits for a shell,
/// not even for a CPU.
package enum BackgroundPriority {
  /// Lowers the calling thread to the least priority (nice 19) where the platform allows it.
  package static func lowerCurrentThread() {
    #if canImport(Glibc)
    // On Linux the nice value belongs to each thread: `who` 0 is the calling thread.
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
    #endif
  }
}
