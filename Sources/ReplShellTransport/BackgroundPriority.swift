#if canImport(Glibc)
import Glibc
#endif

/// The work an attachment does for its shells that is not a reply to what they typed —
/// describing the app's dispatches (the attachment's tap) — runs on a thread of the lowest priority,
/// so that it never takes a core from the app's own threads: the app never waits for a shell,
/// not even for a CPU.
///
/// On Linux that is the idle scheduling policy (`SCHED_IDLE`), not only nice 19: the scheduler
/// never lets a woken idle-policy thread preempt a running normal one. A nice-19 thread it does
/// let preempt: when the app's dispatch woke the tap's reader in the middle of a burst, the
/// reader often took the app's own core for 0.2–4 ms (`Benchmarks/`: `AttachCost`, 21–28 bursts
/// of 10,000 in 63 stalled so; none with the idle policy).
public enum BackgroundPriority {
  /// Lowers the calling thread to the least priority the platform allows: the idle policy on
  /// Linux, or nice 19 where that is refused.
  public static func lowerCurrentThread() {
    #if canImport(Glibc)
    // On Linux both the policy and the nice value belong to each thread: 0 is the calling thread.
    var parameters = sched_param(sched_priority: 0)
    guard sched_setscheduler(0, idlePolicy, &parameters) != 0 else { return }
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
    #endif
  }

  /// Lowers the calling thread to nice `nice` (the inspector's search index, laid out ahead of a
  /// search: nice 10). Unlike the idle policy it is never starved, which matters for work a
  /// request may come to wait for; a thread of its own, since an unprivileged process cannot
  /// raise a thread's priority back afterwards.
  public static func lowerCurrentThread(toNice nice: Int32) {
    #if canImport(Glibc)
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice)
    #endif
  }

  #if canImport(Glibc)
  /// Linux's `SCHED_IDLE` (`<linux/sched.h>`; Glibc exports it only under `_GNU_SOURCE`).
  public static let idlePolicy: Int32 = 5
  #endif
}
