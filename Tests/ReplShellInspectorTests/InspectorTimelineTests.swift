import Foundation
import TestSupport
import Testing

/// The time slider and skip, driven by roles and accessible names as a Redux DevTools user
/// looks for them: moving the slider highlights its action, and the diff, the state tree and the
/// plot follow; step and play walk the history; skipping an action shows every later state
/// recomputed by the reducer alone, marked what-if, while the shell's store and history stay as
/// they were; un-skipping brings the history's own states back.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct InspectorTimelineTests {
  static let script = """
    use counter
    watch selectValue
    dispatch didTapIncrementButton
    dispatch didTapIncrementButton
    dispatch didTapDecrementButton
    dispatch didTapIncrementButton

    """

  /// The JavaScript that reads the tree's `value` row.
  static let valueRow = "document.querySelector(`#tree li[data-path='[\"value\"]']`)"

  @Test func theSliderMovesEverythingAndSkipShowsAWhatIf() async throws {
    try await InspectedShell.with(script: Self.script) { shell in
      try await WebDriver.with(logPath: shell.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await driver.open(shell.address)
        try await driver.wait(until: "document.body.dataset.ready === 'true'")
        // The slider spans the history and sits at its current entry.
        #expect(try await driver.run("return [document.getElementById('slider').max, document.getElementById('slider').value];", onRole: "slider", name: "History entry") == #"["4","4"]"#)

        // Two steps back by keyboard on the slider: #2 is highlighted, its diff shown, the tree
        // and the plot at #2.
        try await driver.press("\u{E012}\u{E012}", role: "slider", name: "History entry")
        try await driver.wait(until: "document.querySelector('#log li[aria-selected=true]')?.dataset.entry === '2'")
        #expect(try await driver.text("#diff") == "  CounterState(\n-   value: 1\n+   value: 2\n  )")
        try await driver.wait(until: "\(Self.valueRow)?.textContent.includes('value: 2') && \(Self.valueRow).classList.contains('changed')")
        #expect(try await driver.text("#slider-readout") == "#2 of 4: didTapIncrementButton")
        #expect(try await driver.run("return document.querySelector('#plot line.now') !== null;") == "true")

        // The step buttons.
        try await driver.click(role: "button", name: "Step back")
        try await driver.wait(until: "document.querySelector('#log li[aria-selected=true]')?.dataset.entry === '1'")
        try await driver.wait(until: "\(Self.valueRow)?.textContent.includes('value: 1')")
        try await driver.click(role: "button", name: "Step forward")
        try await driver.click(role: "button", name: "Step forward")
        try await driver.wait(until: "document.querySelector('#log li[aria-selected=true]')?.dataset.entry === '3'")
        try await driver.wait(until: "\(Self.valueRow)?.textContent.includes('value: 1')")

        // Play from the start runs to the end, then the button says Play again.
        try await driver.press("\u{E011}", role: "slider", name: "History entry")
        try await driver.click(role: "button", name: "Play")
        try await driver.wait(until: "document.getElementById('slider').value === '4' && document.getElementById('play').getAttribute('aria-pressed') === 'false'")
        try await driver.wait(until: "document.querySelector('#log li[aria-selected=true]')?.dataset.entry === '4'")
        let steps = try await driver.run("return Inspector.stats.stepTimes.length;")
        #expect(Int(steps) ?? 0 >= 4, "play took \(steps) steps")

        // Skip #2: the states after it are recomputed without it, marked what-if.
        try await driver.click(role: "option", name: "#2 script: didTapIncrementButton")
        try await driver.click(role: "button", name: "Skip #2")
        try await driver.wait(until: "document.querySelector('#log li[data-entry=\"2\"]')?.textContent.includes('skipped')")
        #expect(try await driver.run("return document.getElementById('skip').getAttribute('aria-pressed');") == "\"true\"")
        try await driver.press("\u{E010}", role: "slider", name: "History entry")
        try await driver.wait(until: "\(Self.valueRow)?.textContent.includes('value: 1')")
        try await driver.wait(until: "document.getElementById('state-at').textContent === 'after #4 what-if'")
        let banner = try await driver.text("#what-if")
        #expect(banner.hasPrefix("What-if: #2 skipped."), "\(banner)")
        #expect(banner.contains("listeners are not run, nothing is written to the store or a file"))
        try await driver.keepScreenshot(named: "inspector-what-if.png")

        // The shell's store and history were not touched: `state` still prints 2, at entry 4 of 4.
        #expect(try await driver.text("#position") == "History: at entry 4 of 4")
        _ = try await driver.runAsync("Inspector.run('state').then(() => finish(0));")
        try await shell.waitForTranscript(containing: "counter> state\nCounterState(value: 2)")

        // Un-skip: the history's own state again.
        try await driver.click(role: "option", name: "#2 script: didTapIncrementButton")
        try await driver.click(role: "button", name: "Un-skip #2")
        try await driver.wait(until: "!document.querySelector('#log li[data-entry=\"2\"]').textContent.includes('skipped')")
        try await driver.click(role: "button", name: "Follow now")
        try await driver.wait(until: "\(Self.valueRow)?.textContent.includes('value: 2') && document.getElementById('state-at').textContent === 'now'")
        #expect(try await driver.run("return document.getElementById('what-if').hidden;") == "true")
      }
    }
  }
}
