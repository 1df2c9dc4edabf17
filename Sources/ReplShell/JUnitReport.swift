import Foundation

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
    var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    xml += #"<testsuite name="\#(Self.escaped(suiteName))" tests="\#(tests.count)" failures="\#(failures)" errors="0" skipped="0" time="\#(Self.seconds(duration))">"# + "\n"
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
