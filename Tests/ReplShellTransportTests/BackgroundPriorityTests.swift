#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ReplShellTransport
import Testing

/// The tap's reader runs under the idle scheduling policy, which the scheduler never lets preempt
/// the app's threads when it wakes (nice 19 alone it does).
@Suite(.timeLimit(.minutes(10))) struct BackgroundPriorityTests {
  @Test func aLoweredThreadRunsUnderTheIdlePolicyAndTheThreadsBesideItDoNot() async {
    let (policy, before) = await withCheckedContinuation { (continuation: CheckedContinuation<(Int32, Int32), Never>) in
      Thread.detachNewThread {
        let before = sched_getscheduler(0)
        BackgroundPriority.lowerCurrentThread()
        continuation.resume(returning: (sched_getscheduler(0), before))
      }
    }
    #expect(before == SCHED_OTHER)
    #expect(policy == BackgroundPriority.idlePolicy)
    // Per thread: the test's own thread keeps its policy.
    #expect(sched_getscheduler(0) == SCHED_OTHER)
  }
}
