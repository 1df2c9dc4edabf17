import Foundation
import Testing

/// `why` and `history` on a live store say what they cannot see: what the app did before the shell
/// attached is not in its history, so a value the app changed then is never said to be unchanged
/// since the start.
@Suite(.timeLimit(.minutes(10))) struct AttachWhyTests {
  static let liveNote =
    "(on a live store the history starts when this shell attached: an app's flight recorder keeps what came before, for `replshell --replay`)"

  @Test func whyOnALiveStoreSaysWhatTheAppDidBeforeTheShellAttachedIsNotInItsHistory() async throws {
    try await AttachedPair.with { pair in
      pair.app.send("inc")
      _ = try await pair.app.wait(for: "tap 1 at")
      try await pair.attachShell([])
      let shell = try #require(pair.shell)
      shell.send("why value")
      let why = try await shell.wait(for: Self.liveNote + "\n")
      #expect(why == "`value` was changed by no action since this shell attached, its own or the app's. It is:\n  1\n" + Self.liveNote + "\n", "\(why)")
      shell.send("history")
      _ = try await shell.wait(for: "no actions dispatched yet, by this shell or by the app since the shell attached\n")
    }
  }
}
