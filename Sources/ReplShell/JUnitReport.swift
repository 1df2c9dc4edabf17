import Foundation
import ReplShellFoundation
#if canImport(Glibc)
import Glibc
#endif

/// A JUnit XML report of a scenario run, the format CI systems display: one `testsuite`, one
/// `testcase` per scenario named by its path, a `failure` carrying the diff or the error message.
struct JUnitReport {
  /// The suite's name: the shell's program name.
  let suiteName: String
  /// The scenarios, in the order they were printed.
  let results: [ScenarioResult]
  /// The run's wall time.
  let duration: Duration

  /// The report as an XML document.
  var xml: String {
    let tests = results.filter(\.isTest)
    let failures = tests.filter { $0.failure != nil }.count
    var xml = Self.opening
    xml += #"\#(Self.escaped(suiteName))" tests="\#(tests.count)" failures="\#(failures)" errors="0" skipped="0" time="\#(Self.seconds(duration))">"# + "\n"
    for result in tests {
      let attributes = #"name="\#(Self.escaped(result.name))" classname="\#(Self.escaped(suiteName))" time="\#(Self.seconds(result.duration))""#
      if let failure = result.failure {
        xml += "  <testcase \(attributes)>\n"
        xml += #"    <failure message="\#(Self.escaped(failure.message))">\#(Self.escaped(failure.detail, inAttribute: false))</failure>"# + "\n"
        xml += "  </testcase>\n"
      } else {
        xml += "  <testcase \(attributes)/>\n"
      }
    }
    return xml + "</testsuite>\n"
  }

  /// Why a report may not be written at `path`, checked before the run; nil when it may. A link,
  /// a folder, a FIFO or a device is refused; an existing file only when it is not a report this
  /// tool wrote (a rerun replaces its own report) and `replacingAnyFile` (`--force`) is false.
  static func refusalToWrite(at path: String, replacingAnyFile: Bool) -> String? {
    do {
      try FileReach.anywhere.checkWritable(path, replacing: true, forceHint: "")
    } catch {
      return "--junit: \(error)"
    }
    guard !replacingAnyFile, FileManager.default.fileExists(atPath: path), !isReport(at: path) else { return nil }
    return "--junit: cannot write \(ControlCharacters.escaped(path, onOneLine: true)): it exists and is not a JUnit report of a scenario run; "
      + "give another path, or add --force to replace it"
  }

  /// Whether the regular file at `path` begins as the reports `xml` makes do.
  private static func isReport(at path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    let expected = Array(Self.opening.utf8)
    var start = [UInt8](repeating: 0, count: expected.count)
    let count = start.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    return count == expected.count && start == expected
  }

  /// How every report begins.
  private static let opening = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<testsuite name=\""

  /// Writes the report to `path`, making its folder and replacing any file there.
  func write(to path: String) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(xml.utf8).write(to: url, options: .atomic)
  }

  /// Seconds with millisecond precision: `1.250`.
  private static func seconds(_ duration: Duration) -> String {
    String(format: "%.3f", duration.inSeconds)
  }

  /// `text` as XML character data or, with `inAttribute`, an attribute value (where line breaks
  /// must be references to survive): markup characters escaped, and characters XML 1.0 cannot
  /// carry (NUL, escape, …) as U+FFFD.
  private static func escaped(_ text: String, inAttribute: Bool = true) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "\n": escaped += inAttribute ? "&#10;" : "\n"
      case "\r": escaped += "&#13;"
      case "\t": escaped += inAttribute ? "&#9;" : "\t"
      case "\u{20}"..."\u{D7FF}", "\u{E000}"..."\u{FFFD}", "\u{10000}"..."\u{10FFFF}": escaped.unicodeScalars.append(scalar)
      default: escaped += "\u{FFFD}"
      }
    }
    return escaped
  }
}
