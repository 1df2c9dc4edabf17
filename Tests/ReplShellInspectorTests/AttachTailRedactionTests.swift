import Foundation
import Testing

/// An attached shell's redactions hold for what `tail` shows of the app's own actions (its
/// listeners' among them), as for what the shell's own lines print.
@Suite(.timeLimit(.minutes(10))) struct AttachTailRedactionTests {
  @Test func tailRedactsTheAppsOwnActions() async throws {
    try await AttachedPair.with { pair in
      try await pair.attachShell([])
      let shell = try #require(pair.shell)
      shell.send(#"redact /value: \d+/ as [v]"#)
      shell.send("state")
      _ = try await shell.wait(for: "CounterState([v])\n")
      shell.send("tail")
      _ = try await shell.wait(for: "tailing every action the app dispatches")
      pair.app.send("inc")
      _ = try await shell.wait(for: "+   [v]\n")
      #expect(!shell.output.contains("value: 1"), "\(shell.output)")
    }
  }
}
