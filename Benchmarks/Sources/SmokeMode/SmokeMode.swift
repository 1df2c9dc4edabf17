import Benchmark
import Foundation

/// `BENCHMARK_SMOKE=1`, which `make test` sets: every benchmark runs once, its work scaled down to
/// one, not to measure anything but to show that it still builds and runs against this revision
/// of the library (a protocol or API change must not break a benchmark unseen).
public enum SmokeMode {
  /// Whether the benchmarks run in smoke mode.
  public static let isOn = ProcessInfo.processInfo.environment["BENCHMARK_SMOKE"] == "1"

  /// `count`, or in smoke mode a hundredth of it (at least 1): the size of a fixture a benchmark
  /// builds before it measures (dispatches, script lines, recorded actions), which in the smoke
  /// run's debug build would otherwise take minutes (the 10,000 dispatches of `why`'s shell).
  public static func scaled(_ count: Int) -> Int {
    isOn ? max(count / 100, 1) : count
  }
}

extension Benchmark.Configuration {
  /// This configuration, or in smoke mode the same with one iteration, no warm-up, a scaling
  /// factor of one and a short bound.
  public var smoked: Benchmark.Configuration {
    guard SmokeMode.isOn else { return self }
    var configuration = self
    configuration.warmupIterations = 0
    configuration.maxIterations = 1
    configuration.scalingFactor = .one
    configuration.maxDuration = .milliseconds(1)
    return configuration
  }
}
