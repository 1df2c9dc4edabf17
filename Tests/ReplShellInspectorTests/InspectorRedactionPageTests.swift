import Foundation
import TestSupport
import Testing

/// The page in headless Chromium shows what the terminal shows after `redact`: the diffs and
/// the state tree's values redacted, not the raw text the session emitted; and its search
/// matches what it shows, not the raw state.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct InspectorRedactionPageTests {
  static let script = """
    use counter
    redact /[0-9]+/ as [n]
    dispatch didTapIncrementButton
    dispatch didTapIncrementButton

    """

  @Test func thePageShowsTheTranscriptsRedactions() async throws {
    try await InspectedShell.with(script: Self.script) { shell in
      try await WebDriver.with(logPath: shell.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await driver.open(shell.address)
        try await driver.wait(until: "document.body.dataset.ready === 'true'")
        let diff = "  CounterState(\n-   value: [n]\n+   value: [n]\n  )"
        try await shell.waitForTranscript(containing: "counter> dispatch didTapIncrementButton\n" + diff)
        try await driver.click("#log li[data-entry=\"2\"]")
        try await driver.wait(until: "document.getElementById('diff') !== null")
        #expect(try await driver.text("#diff") == diff)
        try await driver.wait(until: "document.querySelector('#tree li[data-path]') !== null")
        let tree = try await driver.text("#tree")
        #expect(tree.contains("value: [n]"))
        #expect(!tree.contains("value: 2"))
        // Search matches what the tree shows: the redacted value is not found by its digits.
        try await driver.run("document.getElementById('search-field').value = 'value'; return true;")
        try await driver.type("2", into: "#search")
        try await driver.click("#search-form button[type=submit]")
        try await driver.wait(until: "document.getElementById('matches').textContent !== ''")
        #expect(try await driver.text("#matches") == "No value contains “2”.")
        try await driver.type("[n]", into: "#search")
        try await driver.click("#search-form button[type=submit]")
        try await driver.wait(until: "document.getElementById('matches').textContent.startsWith('Match')")
        #expect(try await driver.text("#matches") == "Match 1 of 1: value")
      }
    }
  }
}
