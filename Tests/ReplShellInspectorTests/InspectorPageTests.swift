import Foundation
import TestSupport
import Testing

/// The inspector's page in headless Chromium against a real shell: it loads the session so far,
/// a dispatch sent from the page arrives and the terminal prints it, its diff opens, the state
/// tree is searched, "jump here" and undo/redo run the shell's commands, the watched selector is
/// plotted. Set INSPECTOR_SCREENSHOTS to a folder to keep a screenshot of the page there.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct InspectorPageTests {
  static let script = """
    use counter
    watch selectValue
    dispatch didTapIncrementButton
    dispatch didTapIncrementButton
    hide didTapDecrementButton
    dispatch didTapDecrementButton
    dispatch didTapIncrementButton

    """

  @Test func thePageFollowsTheSessionAndItsButtonsRunTheShellsCommands() async throws {
    try await InspectedShell.with(script: Self.script) { shell in
      try await WebDriver.with(logPath: shell.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await check(shell, driver)
      }
    }
  }

  private func check(_ shell: InspectedShell, _ driver: WebDriver) async throws {
    try await driver.open(shell.address)
    try await driver.wait(until: "document.body.dataset.ready === 'true'")
    // The script's actions, numbered as `history` numbers them; one typed shows though hidden
    // (an app's hidden actions fold: InspectorAttachPageTests).
    let log = try await driver.text("#log")
    #expect(log.contains("#1 script: didTapIncrementButton"))
    #expect(log.contains("#2 script: didTapIncrementButton"))
    #expect(log.contains("#3 script: didTapDecrementButton"))
    #expect(!log.contains("hidden action folded"))
    #expect(log.contains("▶ #4 script: didTapIncrementButton"))
    #expect(try await driver.text("#position") == "History: at entry 4 of 4")

    // The log's filter reads an action pattern, as `hide` and `actions` do: names in a row, the
    // last one or its start.
    try await driver.type("didTapDec", into: "#filter")
    try await driver.wait(until: "!document.getElementById('log').textContent.includes('#1 script')")
    #expect(try await driver.text("#log").contains("#3 script: didTapDecrementButton"))
    _ = try await driver.run("const f = document.getElementById('filter'); f.value = ''; f.dispatchEvent(new Event('input')); return '';")
    try await driver.wait(until: "document.getElementById('log').textContent.includes('#1 script')")

    // A dispatch sent from the page arrives, and the terminal prints it as a typed line.
    try await driver.type("dispatch didTapIncrementButton", into: "#command")
    try await driver.click("#command-form button")
    try await driver.wait(until: "document.querySelector('#log li[data-entry=\"5\"]') !== null")
    #expect(try await driver.text("#log li[data-entry=\"5\"]").contains("you: didTapIncrementButton"))
    try await shell.waitForTranscript(containing: "counter> dispatch didTapIncrementButton\n  CounterState(\n-   value: 2\n+   value: 3\n  )\nwatch selectValue → 3")

    // Its diff, and the action in paste-back form.
    try await driver.click("#log li[data-entry=\"5\"]")
    try await driver.wait(until: "document.getElementById('diff') !== null")
    #expect(try await driver.text("#diff") == "  CounterState(\n-   value: 2\n+   value: 3\n  )")
    #expect(try await driver.run("return document.getElementById('paste-back').value;") == "\"dispatch didTapIncrementButton\"")

    // The state tree, searched by key and by value: the match is marked.
    try await driver.wait(until: "document.querySelector('#tree li[data-path]') !== null")
    try await driver.type("value", into: "#search")
    try await driver.click("#search-form button[type=submit]")
    try await driver.wait(until: "document.querySelector('#tree li.match') !== null")
    #expect(try await driver.text("#matches") == "Match 1 of 1: value")
    #expect(try await driver.text("#tree li.match").contains("value: 3"))

    // Jump to entry #1: the shell runs `jump 1`, the terminal shows it, later entries are undone.
    try await driver.click("#log li[data-entry=\"1\"]")
    try await driver.click("#jump-here")
    try await shell.waitForTranscript(containing: "counter> jump 1\n")
    try await driver.wait(until: "document.getElementById('position').textContent === 'History: at entry 1 of 5'")
    try await driver.wait(until: "document.querySelector('#tree li[data-path]')?.textContent.includes('value: 1')")
    #expect(try await driver.text("#log li[data-entry=\"2\"]").contains("(undone)"))
    #expect(try await driver.text("#tree li.match").contains("value: 1"))

    // Redo and undo run the shell's own commands.
    try await driver.click("#redo")
    try await shell.waitForTranscript(containing: "counter> redo\n")
    try await driver.wait(until: "document.getElementById('position').textContent === 'History: at entry 2 of 5'")
    try await driver.click("#undo")
    try await shell.waitForTranscript(containing: "counter> undo\n")
    try await driver.wait(until: "document.getElementById('position').textContent === 'History: at entry 1 of 5'")

    // The selector the script watched, plotted across the history.
    #expect(try await driver.text("#plot-caption").hasPrefix("Watching selectValue: "))

    // The terminal printed the page's lines in the order the page sent them.
    let lines = shell.transcript.split(separator: "\n").filter { $0.hasPrefix("counter> ") }.suffix(4)
    #expect(lines == ["counter> dispatch didTapIncrementButton", "counter> jump 1", "counter> redo", "counter> undo"])
    try await driver.keepScreenshot(named: "inspector-counter.png")
  }
}
