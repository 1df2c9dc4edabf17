import Synchronization

/// Spreads an explore's runs over `--jobs` tasks and puts their results back in run order, so
/// that the report is the same for any number of jobs: every run below the first failing one
/// runs, and the coverage counts exactly those.
enum ExploreScheduler {
  /// Counters the jobs share: the lowest failing run, and runs and steps done, for the progress line.
  final class Shared: Sendable {
    let lowestFailure = Atomic<Int>(Int.max)
    let runsDone = Atomic<Int>(0)
    let stepsDone = Atomic<Int>(0)
    let failures = Atomic<Int>(0)
    let finished = Atomic<Bool>(false)
    /// Set when the explore is interrupted: no more runs start.
    let stopped = Atomic<Bool>(false)

    /// Lowers the lowest failing run to `run`.
    func noteFailure(_ run: Int) {
      var current = lowestFailure.load(ordering: .relaxed)
      while run < current {
        let (exchanged, original) = lowestFailure.compareExchange(expected: current, desired: run, ordering: .relaxed)
        if exchanged { return }
        current = original
      }
    }
  }

  /// What the runs found, in run order up to the first failure.
  struct Result<State: Sendable, Action: Sendable>: Sendable {
    var coverage: ExploreCoverage
    var failure: ExploreEngine<State, Action>.Failure?
    /// Whether `--time` stopped it before every run ran.
    var timedOut: Bool
    /// With `--guided`, the corpus the runs left, each entry its steps.
    var corpus: [[ExploreEngine<State, Action>.Step]] = []
  }

  static func run<State: Sendable, Action: Sendable>(
    _ engine: ExploreEngine<State, Action>, runs: ShardRuns, steps: Int, seed: UInt64, jobs: Int,
    deadline: ContinuousClock.Instant?, shared: Shared
  ) async -> Result<State, Action> {
    let jobCount = max(1, min(jobs, runs.count))
    let collected = await withTaskGroup(of: [(Int, ExploreEngine<State, Action>.RunResult)].self) { group in
      for job in 0..<jobCount {
        group.addTask {
          var memo = ExploreEngine<State, Action>.Memo()
          var results: [(Int, ExploreEngine<State, Action>.RunResult)] = []
          for position in stride(from: job, to: runs.count, by: jobCount) {
            let index = runs.run(at: position)
            if index > shared.lowestFailure.load(ordering: .relaxed) { break }
            if let deadline, ContinuousClock.now >= deadline { break }
            if shared.stopped.load(ordering: .relaxed) { break }
            let result = engine.run(index, seed: seed, steps: steps, memo: &memo)
            results.append((index, result))
            if result.failure != nil {
              shared.noteFailure(index)
              shared.failures.add(1, ordering: .relaxed)
            }
            shared.runsDone.add(1, ordering: .relaxed)
            shared.stepsDone.add(result.coverage.steps, ordering: .relaxed)
          }
          return results
        }
      }
      var all: [(Int, ExploreEngine<State, Action>.RunResult)] = []
      for await results in group { all += results }
      return all
    }
    shared.finished.store(true, ordering: .relaxed)
    var byRun: [Int: ExploreEngine<State, Action>.RunResult] = [:]
    for (index, result) in collected { byRun[index] = result }
    var coverage = ExploreCoverage(caseCount: engine.templates.count, requirementCount: engine.requirements.count)
    for position in 0..<runs.count {
      guard let result = byRun[runs.run(at: position)] else {
        return Result(coverage: coverage, failure: nil, timedOut: true)
      }
      coverage.add(result.coverage)
      if let failure = result.failure {
        return Result(coverage: coverage, failure: failure, timedOut: false)
      }
    }
    return Result(coverage: coverage, failure: nil, timedOut: false)
  }
}
