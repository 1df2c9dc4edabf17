import Dispatch
import Foundation
import Synchronization

extension LinearizeRun {
  /// Checks the files at `paths` on every core (a file to a thread, as many at once as there
  /// are cores, each file's parts on every core too) and hands each report to `each` on the
  /// calling thread, in the order of `paths`, as soon as it and those before it are done: what
  /// is printed is what checking them one by one prints. Each file's timeout starts when its
  /// check does. The calling thread alone asks the budget whether the run was cancelled (a
  /// task's cancellation is visible on its own thread only) and tells the others: the files
  /// then answer unknown, as one by one they would. Once `each` throws, the files not started
  /// are not checked and those running are stopped before it rethrows.
  public func check(paths: [String], each: (Report) throws -> Void) rethrows {
    let workers = min(ProcessInfo.processInfo.activeProcessorCount, paths.count)
    guard workers > 1 else {
      for path in paths { try each(check(path: path)) }
      return
    }
    let files = FileQueue(count: paths.count)
    var run = self
    let askCancelled = budget.isCancelled
    run.budget.isCancelled = { files.isCancelled }
    if askCancelled() { files.cancel() }
    // Threads of their own, not the global queue's: each file's check hands its parts to that
    // queue (`runRound`), which must have threads free for them.
    let group = DispatchGroup()
    for _ in 0..<workers {
      group.enter()
      Thread { [run] in
        while let index = files.take() {
          files.finish(index, run.check(path: paths[index]))
        }
        group.leave()
      }.start()
    }
    defer {
      files.abandon()
      group.wait()
    }
    var delivered = 0
    while delivered < paths.count {
      let ready = files.reports(from: delivered, waitingUpTo: .milliseconds(10))
      if askCancelled() { files.cancel() }
      for report in ready { try each(report) }
      delivered += ready.count
    }
  }

  /// The files of a run checked on every core: which one is next, the reports done, and whether
  /// the run was cancelled or abandoned. Shared by the threads that check them and the one that
  /// hands their reports over.
  final class FileQueue: Sendable {
    private struct Shared {
      var next = 0
      /// The reports done and not yet handed over, by their file's index.
      var done: [Int: Report] = [:]
      var cancelled = false
      var abandoned = false
    }
    private let shared: Mutex<Shared>
    private let finished = DispatchSemaphore(value: 0)
    private let count: Int

    init(count: Int) {
      self.count = count
      shared = Mutex(Shared())
    }

    /// Whether the run was cancelled (or abandoned): the checks answer unknown.
    var isCancelled: Bool { shared.withLock { $0.cancelled } }

    func cancel() {
      shared.withLock { $0.cancelled = true }
    }

    /// Stops the run: no file is started any more, and those running are cancelled.
    func abandon() {
      shared.withLock { shared in
        shared.cancelled = true
        shared.abandoned = true
      }
    }

    /// The index of the next file to check, or nil when none is left or the run was abandoned.
    func take() -> Int? {
      shared.withLock { shared in
        guard !shared.abandoned, shared.next < count else { return nil }
        shared.next += 1
        return shared.next - 1
      }
    }

    func finish(_ index: Int, _ report: Report) {
      shared.withLock { $0.done[index] = report }
      finished.signal()
    }

    /// Takes the reports done from `start` on without a gap, after waiting up to `timeout` for
    /// one when there is none yet.
    func reports(from start: Int, waitingUpTo timeout: DispatchTimeInterval) -> [Report] {
      let ready = shared.withLock { shared in
        var ready: [Report] = []
        while let report = shared.done.removeValue(forKey: start + ready.count) { ready.append(report) }
        return ready
      }
      guard ready.isEmpty else { return ready }
      _ = finished.wait(timeout: .now() + timeout)
      return []
    }
  }
}
