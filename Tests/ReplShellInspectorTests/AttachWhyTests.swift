import Foundation
import Testing

/// `why` and `history` on a live store say what they cannot see: the app's own actions are not
/// in the shell's history, so a value the app changed is never said to be unchanged since the start.
@Suite(.timeLimit(.minutes(10))) struct AttachWhyTests {
  static let liveNote =
    "(on a live store the history holds only what this shell dispatched, not the app's own actions: `tail` follows those, and an app's flight recorder keeps them for `replshell --replay`)"

  @Test func whyOnALiveStoreSaysTheAppsOwnActionsAreNotInItsHistory() async throws {
    try await AttachedPair.with { pair in
      pair.app.send("inc")
      _ = try await pair.app.wait(for: "tap 1 at")
      try await pair.attachShell([])
      let shell = try #require(pair.shell)
      shell.send("why value")
      let why = try await shell.wait(for: Self.liveNote + "\n")
      #expect(why == "`value` was changed by no action dispatched from this shell. It is:\n  1\n" + Self.liveNote + "\n", "\(why)")
      shell.send("history")
      _ = try await shell.wait(for: "no actions dispatched from this shell yet; the app's own are not kept here: `tail` follows them as they come\n")
    }
  }
}
