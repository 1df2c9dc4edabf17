import Foundation
import TestSupport
import Testing

/// The manual's transcripts of the prompt (`<!-- at the prompt -->` before the block), where it
/// differs from a script (a breakpoint's stop ends the line, not the run): `replshell DOMAIN`, the
/// domain the block's first prompt names, started in a terminal (a tmux pane), the block's lines
/// typed into it, and the screen from the first prompt on compared with the block as a golden is
/// compared.
@Suite struct ManualTerminalTests {
  @Test func everyTranscriptOfThePromptIsWhatTheTerminalShows() async throws {
    let examples = try ManualExample.all().filter(\.atThePrompt)
    #expect(!examples.isEmpty, "no transcript of the manual says `<!-- at the prompt -->`")
    let binary = try ReplShellBinary.url
    for example in examples {
      let domain = try #require(example.lines.first.flatMap(ManualExample.promptDomain), "\(example.location)")
      let prompt = domain + ">"
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("manual-terminal-\(UUID().uuidString.prefix(8))")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
      defer { try? FileManager.default.removeItem(at: folder) }
      let command = "cd \(folder.path) && env NO_COLOR=1 HOME=\(folder.path) XDG_STATE_HOME=\(folder.path) \(binary.path) \(domain); echo '[ended]'; cat"
      let pane = try await TmuxPane(command, folder: folder, columns: 100, rows: 40)
      do {
        try await pane.wait(for: "the greeting", timeout: .seconds(60)) { $0.contains(prompt) }
        var prompts = 1
        for line in example.lines where line.hasPrefix(prompt + " ") {
          try await pane.type(String(line.dropFirst(prompt.count + 1)))
          try await pane.press("Enter")
          prompts += 1
          try await pane.wait(for: "prompt \(prompts), after `\(line)`", timeout: .seconds(120), scrollback: true) { screen in
            screen.split(separator: "\n").filter { $0.hasPrefix(prompt) }.count >= prompts
          }
        }
        let screen = try await pane.screen(scrollback: true)
        let shown = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).drop { !$0.hasPrefix(prompt + " ") }
        TutorialAttachTests.compare(name: example.location, file: example.file, firstLine: example.line, example.lines, with: shown.joined(separator: "\n"))
      } catch {
        Issue.record("\(example.location): \(error)")
      }
      await pane.stop()
    }
  }
}
