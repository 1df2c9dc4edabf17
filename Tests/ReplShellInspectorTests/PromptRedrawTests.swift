import Foundation
import TestSupport
import Testing

/// A line the page runs while a line is half typed at the prompt (in tmux, as a person sees the
/// terminal): its output is printed above, and the prompt and the half-typed text are drawn again
/// below it, intact; typing then goes on where it was. Locally and in an attached shell.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct PromptRedrawTests {
  @Test func aLocalPromptKeepsItsHalfTypedLine() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("redraw-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let command = "env NO_COLOR=1 HOME=\(folder.path) XDG_STATE_HOME=\(folder.path) \(try ReplShellBinary.url.path) --inspect counter"
    try await check(command, folder: folder, prompt: "counter> ", pageLine: "state", output: "CounterState(value: 0)", newPrompt: "counter> ")
  }

  @Test func anAttachedPromptKeepsItsHalfTypedLine() async throws {
    try await AttachedPair.with { pair in
      let command = "env NO_COLOR=1 HOME=\(pair.folder.path) XDG_STATE_HOME=\(pair.folder.path) XDG_RUNTIME_DIR=\(pair.folder.path) "
        + "\(try ReplShellBinary.url.path) --attach \(pair.app.process.processIdentifier) --inspect"
      // `fork` from the page: the prompt drawn again below is the fork's.
      try await check(
        command, folder: pair.folder, prompt: "(live, read-only)> ", pageLine: "fork",
        output: "forked the live state into a sandbox: no listeners run, and the app is not touched; `attach` returns to it",
        newPrompt: "(fork)> ")
    }
  }

  /// Types half a line at `prompt`, has the page run `pageLine`, and checks that the screen shows
  /// its `output`, then `newPrompt` and the half-typed line; and that the line is intact.
  private func check(_ command: String, folder: URL, prompt: String, pageLine: String, output: String, newPrompt: String) async throws {
    let pane = try await TmuxPane(command, folder: folder)
    do {
      let started = try await pane.wait(for: "the prompt and the address") { $0.hasSuffix(prompt.trimmingCharacters(in: .whitespaces)) && $0.contains("inspector: http://") }
      let address = try #require(started.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http://127.0.0.1:") })
      try await pane.type("select selectV")
      try await pane.wait(for: "the half-typed line") { $0.hasSuffix(prompt + "select selectV") }
      try await WebDriver.with(logPath: folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await driver.open(String(address))
        try await driver.wait(until: "document.body.dataset.ready === 'true'")
        try await driver.type(pageLine, into: "#command")
        try await driver.click("#command-form button")
        try await driver.wait(until: "document.getElementById('last-result').textContent === '\(pageLine): done'")
      }
      // The page's line and its output, then the prompt and the half-typed text below them.
      let screen = try await pane.wait(for: "the output above the redrawn prompt") { $0.contains(output) }
      let rows = screen.split(separator: "\n").suffix(3).map(String.init)
      // Echoed behind the prompt the terminal showed (`counter@PID (live, read-only)> ` attached).
      #expect(rows.count == 3 && rows[0].hasPrefix("counter") && rows[0].hasSuffix(prompt + pageLine) && rows[1] == output, "rows: \(rows)")
      #expect(rows.last?.hasSuffix(newPrompt + "select selectV") == true, "the last row is `\(rows.last ?? "")`")
      // libedit's line is intact: typing goes on where it was.
      try await pane.type("alue")
      try await pane.press("Enter")
      try await pane.wait(for: "the completed line and its output") { $0.contains(newPrompt + "select selectValue\n0\n") }
      await pane.stop()
    } catch {
      let screen = (try? await pane.screen()) ?? ""
      await pane.stop()
      throw TmuxPane.Failure(description: "\(error)\n--- the pane:\n\(screen)")
    }
  }
}
