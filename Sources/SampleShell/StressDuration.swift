import ArgumentParser
import Foundation
import ReplShellFoundation

/// `--timeout`'s durations, and how the run's are printed.
enum StressDuration {
  /// `500ms`, `30s`, `2m` or a number of seconds.
  static func parse(_ text: String) throws(ValidationError) -> Duration {
    if let duration = DurationText.parse(text) { return duration }
    throw ValidationError("--timeout takes a duration such as `500ms`, `30s` or `2m`, not `\(text)`")
  }

  /// `1.52 s`.
  static func show(_ duration: Duration) -> String {
    String(format: "%.2f s", duration.inSeconds)
  }
}
