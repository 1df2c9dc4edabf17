import Benchmark
import Foundation

/// What makes a smoke run fail when a benchmark fails.
///
/// A package-benchmark executable started on its own (as `smoke.sh` starts each one, without the
/// plugin's `--input-fd`) runs its benchmarks in the library's debug mode, where a failed
/// benchmark (an error thrown in its closure, `benchmark.error(_:)`, a setup that throws) is
/// reported to no one: the run stops there and the process exits 0. In smoke mode this check
/// counts the benchmarks that finish, and when the process exits it names the first that failed,
/// or says how many never finished, on standard error, and exits 1.
///
/// Under the plugin (`swift package benchmark`) it does nothing: the plugin reports failures
/// itself and starts the executable once for each benchmark.
public final class SmokeCheck: @unchecked Sendable {
  private static let shared = SmokeCheck()

  private let lock = NSLock()
  private var finished = 0
  private var installed = false

  private init() {}

  /// Installs the check in smoke mode when the executable runs on its own; call it first in the
  /// target's `benchmarks` closure. It takes `Benchmark.teardown`, which no target here sets.
  public static func install() {
    guard SmokeMode.isOn, runsStandalone else { return }
    let isFirst = shared.lock.withLock {
      defer { shared.installed = true }
      return !shared.installed
    }
    guard isFirst else { return }
    Benchmark.teardown = { shared.lock.withLock { shared.finished += 1 } }
    atexit { SmokeCheck.shared.verdictAtExit() }
  }

  /// Whether no benchmark tool drives this process (the plugin passes `--input-fd`).
  private static var runsStandalone: Bool {
    !CommandLine.arguments.contains { $0 == "--input-fd" || $0 == "-i" || $0.hasPrefix("--input-fd=") }
  }

  /// Whether every registered benchmark is meant to run (no `--filter` or `--skip` given).
  private static var runsEveryBenchmark: Bool {
    !CommandLine.arguments.contains { $0.hasPrefix("--filter") || $0.hasPrefix("--skip") }
  }

  /// Exits 1, saying why, unless every registered benchmark finished without a failure.
  private func verdictAtExit() {
    let finished = lock.withLock { self.finished }
    let benchmarks = Benchmark.benchmarks
    let target = URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent
    var problem: String?
    if let failed = benchmarks.first(where: { $0.failureReason != nil }) {
      problem = "\(target): benchmark \"\(failed.name)\" failed: \(failed.failureReason ?? "")"
    } else if Self.runsEveryBenchmark, finished < benchmarks.count {
      let next = benchmarks[finished].name
      problem = "\(target): \(finished) of \(benchmarks.count) benchmarks finished; \"\(next)\" did not (did its setup throw?)"
    }
    guard let problem else { return }
    FileHandle.standardError.write(Data("smoke: \(problem)\n".utf8))
    _exit(1)
  }
}
