import Dispatch
import Synchronization
import ReplShellFoundation

extension LinearizabilityChecker {
  /// How a search's round ended, or nil when it was not run because a part before it in the
  /// round failed or the check was stopped; and the steps it had taken before the round.
  struct RoundEnd: Sendable {
    let end: SearchEnd?
    let stepsBefore: Int
  }

  /// Runs each search on for up to `stepLimit` steps, in place, on as many cores as
  /// `workerCount` allows: the calling thread checks parts too, and it alone asks the budget
  /// whether the check was cancelled (a task's cancellation is visible only on its own thread),
  /// telling the others. Once a part fails, the parts after it are not started and those
  /// running stop; the parts before it run to their end, so the first failing part is the one a
  /// single core finds.
  func runRound(_ searches: inout [Search<Model>], stepLimit: Int, budget: LinearizeBudget) -> [RoundEnd] {
    let workers = min(workerCount, searches.count)
    guard workers > 1 else {
      var ends: [RoundEnd] = []
      var stopped = false
      for index in searches.indices {
        let before = searches[index].statistics.steps
        guard !stopped else {
          ends.append(RoundEnd(end: nil, stepsBefore: before))
          continue
        }
        let end = searches[index].run(stepLimit: stepLimit, budget: budget)
        ends.append(RoundEnd(end: end, stepsBefore: before))
        if end != .stepLimitReached && end != .linearizable { stopped = true }
      }
      return ends
    }
    let round = Round(searches: searches)
    searches = []
    for _ in 1..<workers {
      DispatchQueue.global().async {
        round.work(stepLimit: stepLimit) { round.interruption ?? Self.deadlinePassed(budget) }
      }
    }
    round.work(stepLimit: stepLimit) {
      if let reason = budget.interruption() { round.interrupt(reason) }
      return round.interruption
    }
    // The calling thread has no part left to take, and no thread takes one from now on: it waits
    // for the parts others took (not for threads that have not started, which the queue may
    // start late when its threads are busy), asking for cancellation (the only thing it can do
    // for them) every few milliseconds.
    while !round.waitForParts(upTo: .milliseconds(10)) {
      if let reason = budget.interruption() { round.interrupt(reason) }
    }
    let (returned, ends) = round.results()
    searches = returned
    return ends
  }

  private static func deadlinePassed(_ budget: LinearizeBudget) -> BudgetShortfall? {
    if let deadline = budget.deadline, ContinuousClock.now >= deadline { return .deadline }
    return nil
  }

  /// The parts of a round and what became of them, shared by the threads that check them: a
  /// thread takes a search out to run it (so that its copy is the only one) and puts it back.
  final class Round: Sendable {
    private struct Shared {
      var searches: [Search<Model>?]
      var ends: [RoundEnd?]
      var next = 0
      var firstFailure = Int.max
      var interruption: BudgetShortfall?
      /// Parts taken and not yet put back.
      var running = 0
    }
    private let shared: Mutex<Shared>
    private let partDone = DispatchSemaphore(value: 0)

    /// Whether every part taken is back, after waiting up to `timeout` for one when it is not.
    func waitForParts(upTo timeout: DispatchTimeInterval) -> Bool {
      if shared.withLock({ $0.running == 0 }) { return true }
      _ = partDone.wait(timeout: .now() + timeout)
      return shared.withLock { $0.running == 0 }
    }

    init(searches: [Search<Model>]) {
      shared = Mutex(Shared(searches: searches.map { $0 }, ends: Array(repeating: nil, count: searches.count)))
    }

    var interruption: BudgetShortfall? { shared.withLock { $0.interruption } }

    func interrupt(_ reason: BudgetShortfall) {
      shared.withLock { if $0.interruption == nil { $0.interruption = reason } }
    }

    /// The searches, back in order, and how each ended.
    func results() -> ([Search<Model>], [RoundEnd]) {
      shared.withLock { shared in
        var searches: [Search<Model>] = []
        var ends: [RoundEnd] = []
        for index in shared.searches.indices {
          if let search = shared.searches[index].take() {
            searches.append(search)
            ends.append(shared.ends[index] ?? RoundEnd(end: nil, stepsBefore: search.statistics.steps))
          }
        }
        return (searches, ends)
      }
    }

    /// Takes parts in order until none is left, checking each.
    func work(stepLimit: Int, interruption: () -> BudgetShortfall?) {
      while true {
        let taken: (Int, Search<Model>)? = shared.withLock { shared in
          guard shared.next < shared.searches.count, shared.next < shared.firstFailure, shared.interruption == nil,
            let search = shared.searches[shared.next].take()
          else { return nil }
          shared.next += 1
          shared.running += 1
          return (shared.next - 1, search)
        }
        guard let (index, taken) = taken else { return }
        var search = taken
        let before = search.statistics.steps
        let end = search.run(stepLimit: stepLimit) {
          if let reason = interruption() { return reason }
          // A part before this one failed: this one's verdict no longer matters.
          return shared.withLock { $0.firstFailure < index } ? .cancelled : nil
        }
        shared.withLock { shared in
          let overtaken = shared.firstFailure < index && end == .interrupted(.cancelled) && shared.interruption == nil
          shared.ends[index] = RoundEnd(end: overtaken ? nil : end, stepsBefore: before)
          shared.searches[index] = search
          shared.running -= 1
          if end == .notLinearizable { shared.firstFailure = min(shared.firstFailure, index) }
        }
        partDone.signal()
      }
    }
  }
}
