import Foundation
import TestSupport
import Testing

/// How long one step of the time slider takes to draw with 10,000 actions in the history, in
/// headless Chromium: the page's own performance.now() around the step (the action highlighted,
/// its diff drawn, the plot's mark moved, the state asked for), over the last 200 entries, which
/// the page holds (it keeps the last 10,000 events; each dispatch is two: its line and itself).
/// A figure for the README, printed and not asserted; it runs when INSPECTOR_MEASURE is set
/// (`INSPECTOR_MEASURE=1 INSPECTOR_REPLSHELL=.build/release/replshell swift test --filter InspectorSliderScaleTests`).
@Suite(.serialized, .timeLimit(.minutes(10)))
struct InspectorSliderScaleTests {
  static let actions = 10_000

  @Test(.enabled(if: ProcessInfo.processInfo.environment["INSPECTOR_MEASURE"] != nil))
  func oneStepOfTheSliderAtTenThousandActions() async throws {
    let script = "use counter\n" + String(repeating: "dispatch didTapIncrementButton\n", count: Self.actions)
    try await InspectedShell.with(script: script) { shell in
      try await WebDriver.with(logPath: shell.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await driver.open(shell.address)
        try await driver.wait(until: "document.body.dataset.ready === 'true' && document.getElementById('slider').max === '\(Self.actions)'")
        let figures = try await driver.runAsync("""
          const slider = document.getElementById("slider");
          Inspector.stats.stepTimes = [];
          let steps = 0;
          const laidOut = [];
          const back = document.getElementById("step-back");
          const frame = () => {
            // With the style and layout the step causes, forced here, not left to the frame.
            const start = performance.now();
            back.click();
            void document.body.offsetHeight;
            laidOut.push(performance.now() - start);
            steps += 1;
            if (steps < 200) requestAnimationFrame(frame);
            else {
              const times = Inspector.stats.stepTimes.slice().sort((a, b) => a - b);
              laidOut.sort((a, b) => a - b);
              finish({ laidOutMedian: laidOut[laidOut.length >> 1], laidOutWorst: laidOut[laidOut.length - 1], steps: times.length, median: times[times.length >> 1], p95: times[Math.floor(times.length * 0.95)], worst: times[times.length - 1], at: slider.value,
                selected: document.querySelector("#log li[aria-selected=true]")?.dataset.entry ?? null });
            }
          };
          requestAnimationFrame(frame);
          """)
        let measured = try #require(try JSONSerialization.jsonObject(with: Data(figures.utf8)) as? [String: Any])
        #expect(measured["at"] as? String == String(Self.actions - 200))
        #expect(measured["selected"] as? String == String(Self.actions - 200))
        let ms = { (key: String) in String(format: "%.2f", measured[key] as? Double ?? -1) }
        print("inspector slider at \(Self.actions) actions: \(measured["steps"] ?? 0) steps, median \(ms("median")) ms, p95 \(ms("p95")) ms, worst \(ms("worst")) ms per step drawn; with its style and layout median \(ms("laidOutMedian")) ms, worst \(ms("laidOutWorst")) ms")
      }
    }
  }
}
