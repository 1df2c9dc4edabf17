import Foundation
import TestSupport
import Testing

/// How late the page of `replshell --attach PID --inspect` shows an action the app dispatched:
/// from the app's dispatch (its clock) to the page appending it to the log (the browser's clock,
/// the same machine's), through the app's tap, its socket, the shell's inspector and the
/// WebSocket. The figures are printed, not asserted: timings belong to no unit test.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct InspectorAttachLatencyTests {
  static let actions = 30

  @Test func theAppsActionsReachThePage() async throws {
    try await AttachedPair.with { pair in
      try await pair.attachShell()
      try await WebDriver.with(logPath: pair.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await driver.open(pair.address)
        try await driver.wait(until: "document.body.dataset.ready === 'true'")
        var latencies: [Double] = []
        for tap in 1...Self.actions {
          pair.app.send("inc")
          let printed = try await pair.app.wait(for: "tap \(tap) at ")
          try await driver.wait(until: "document.querySelectorAll('#log li.app').length === \(tap)")
          let shown = Double(try await driver.run("return Date.now() - (performance.now() - Inspector.stats.lastShownAt);")) ?? .nan
          let line = try #require(printed.split(separator: "\n").first { $0.hasPrefix("tap \(tap) at ") })
          let dispatched = try #require(Double(line.split(separator: " ").last ?? ""))
          latencies.append(shown - dispatched)
          try await Task.sleep(for: .milliseconds(50))
        }
        latencies.sort()
        #expect(latencies.count == Self.actions && latencies.allSatisfy(\.isFinite))
        print("""
          attached inspector, \(Self.actions) app actions one at a time (debug build): \
          median \(String(format: "%.1f", latencies[latencies.count / 2])) ms, \
          worst \(String(format: "%.1f", latencies.last ?? .nan)) ms from the app's dispatch to the page
          """)
      }
    }
  }
}
