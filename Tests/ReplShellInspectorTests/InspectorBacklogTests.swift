import Foundation
import TestSupport
import Testing

/// `inspect` typed mid-session: the page shows what the session did before it was typed (the
/// actions with their diffs), locally and in an attached shell's session.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct InspectorBacklogTests {
  @Test func aLocalSessionsEarlierActionsReachThePage() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inspect-backlog-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = try PipedChild(try ReplShellBinary.url.path, ["counter"], environment: ["NO_COLOR": "1"], folder: folder, name: "shell")
    do {
      shell.send("dispatch didTapIncrementButton")
      shell.send("dispatch didTapIncrementButton")
      shell.send("inspect")
      let printed = try await shell.wait(for: "inspector: http://")
      let address = try #require(printed.split(separator: "\n").first { $0.hasPrefix("inspector: ") }?.dropFirst("inspector: ".count))
      try await WebDriver.with(logPath: folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await checkEarlierActions(String(address), driver, origin: "script")
        // And what comes after, as before.
        shell.send("dispatch didTapDecrementButton")
        try await driver.wait(until: "document.querySelector('#log li[data-entry=\"3\"]')?.textContent.includes('didTapDecrementButton')")
      }
      await shell.stop()
    } catch {
      await shell.stop()
      throw PipedChild.Failure(description: "\(error)\n--- the shell's output:\n\(shell.output)\n--- its errors:\n\(shell.errors)")
    }
  }

  @Test func anAttachedShellsEarlierActionsReachThePage() async throws {
    try await AttachedPair.with { pair in
      try await pair.attachShell([])
      let shell = try #require(pair.shell)
      shell.send("fork")
      shell.send("dispatch didTapIncrementButton")
      shell.send("dispatch didTapIncrementButton")
      shell.send("inspect")
      let printed = try await shell.wait(for: "inspector: http://")
      let address = try #require(printed.split(separator: "\n").first { $0.hasPrefix("inspector: ") }?.dropFirst("inspector: ".count))
      try await WebDriver.with(logPath: pair.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await checkEarlierActions(String(address), driver, origin: "script")
        #expect(try await driver.text("#attached").contains("on a fork"))
      }
    }
  }

  /// The page at `address` lists the two increments typed before `inspect`, and the first's diff.
  private func checkEarlierActions(_ address: String, _ driver: WebDriver, origin: String) async throws {
    try await driver.open(address)
    try await driver.wait(until: "document.body.dataset.ready === 'true'")
    try await driver.wait(until: "document.querySelector('#log li[data-entry=\"2\"]') !== null")
    let log = try await driver.text("#log")
    #expect(log.contains("#1 \(origin): didTapIncrementButton"))
    #expect(log.contains("▶ #2 \(origin): didTapIncrementButton"))
    #expect(try await driver.text("#position") == "History: at entry 2 of 2")
    try await driver.click("#log li[data-entry=\"1\"]")
    try await driver.wait(until: "document.getElementById('diff') !== null")
    #expect(try await driver.text("#diff") == "  CounterState(\n-   value: 0\n+   value: 1\n  )")
  }
}
