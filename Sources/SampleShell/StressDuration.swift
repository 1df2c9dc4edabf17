import ArgumentParser
import Foundation

/// `--timeout`'s durations, and how the run's are printed.
enum StressDuration {
  /// `500ms`, `30s`, `2m` or a number of seconds.
  static func parse(_ text: String) throws(ValidationError) -> Duration {
    let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("", 1)]
    for unit in units where text.hasSuffix(unit.suffix) {
      if let amount = Double(text.dropLast(unit.suffix.count)), amount > 0, amount.isFinite, amount * unit.seconds < 1e9 {
        return .milliseconds(Int((amount * unit.seconds * 1000).rounded(.up)))
      }
    }
    throw ValidationError("--timeout takes a duration such as `500ms`, `30s` or `2m`, not `\(text)`")
  }

  /// `1.52 s`.
  static func show(_ duration: Duration) -> String {
    String(format: "%.2f s", duration.inSeconds)
  }
}
