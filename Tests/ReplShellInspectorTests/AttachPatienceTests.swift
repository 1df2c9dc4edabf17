import Foundation
import TestSupport
import Testing

/// An app whose main actor is blocked (it reads its input there, say) cannot answer an attached
/// shell: the shell says so after a while instead of staying silent, then prints the answer when
/// it comes. The app stays blocked until the test frees it, so the notice must come while it is
/// blocked, however slow the machine.
@Suite(.timeLimit(.minutes(10)))
struct AttachPatienceTests {
  @Test func aShellSaysItIsWaitingForABlockedApp() async throws {
    try await AttachedPair.with { pair in
      try await pair.attachShell([])
      let shell = try #require(pair.shell)
      shell.send("select selectValue")
      _ = try await shell.wait(for: "0\n")
      pair.app.send("block")
      _ = try await pair.app.wait(for: "blocking\n")
      shell.send("state")
      let errors = try await shell.wait(for: "has not answered for 5 s", inErrors: true, timeout: .seconds(60))
      #expect(errors.contains("its main actor, which is busy or blocked"))
      #expect(!shell.output.contains("CounterState(value: 0)"), "the answer came before the app was free")
      #expect(!pair.app.output.contains("unblocked"))
      pair.app.send("unblock")
      _ = try await pair.app.wait(for: "unblocked\n")
      _ = try await shell.wait(for: "CounterState(value: 0)\n")
    }
  }
}
