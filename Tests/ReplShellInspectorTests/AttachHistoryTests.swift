import Foundation
import TestSupport
import Testing

/// An attached shell's history holds the app's own actions beside its own, in the order the store
/// saw them, from the moment it attached: `history` marks them as the app's, and `why` names them.
@Suite(.timeLimit(.minutes(10))) struct AttachHistoryTests {
  @Test func theAppsOwnActionsReachHistoryAndWhy() async throws {
    try await AttachedPair.with { pair in
      try await pair.attachShell([])
      let shell = try #require(pair.shell)
      shell.send("tail")
      _ = try await shell.wait(for: "tailing every action the app dispatches")
      for tap in ["inc", "inc"] { pair.app.send(tap) }
      _ = try await pair.app.wait(for: "tap 2 at")
      // Seen in the tail, so in the history's feed: the lines after the tail find them there.
      _ = try await shell.wait(for: "+   value: 2\n  )\n")
      shell.process.interrupt()
      _ = try await shell.wait(for: "stopped tailing\n")
      let before = shell.output.count
      shell.send("history")
      shell.send("why value")
      let printed = String(try await shell.wait(for: Self.scopeNote + "\n").dropFirst(before))
      #expect(
        printed == """
          1  didTapIncrementButton   (app)
          2  didTapIncrementButton   (app)
          #2 didTapIncrementButton
          - 1
          + 2
            ← dispatched by the app itself
          \(Self.scopeNote)

          """, "\(printed)")
    }
  }

  /// The app dispatched before the shell's line came, so its action comes first in the history,
  /// though the shell never waited to see it described: the line waits, in its turn, for every
  /// action the app dispatched before it.
  @Test func theAppsActionBeforeALineComesBeforeItsDispatch() async throws {
    try await AttachedPair.with(allowsWrites: true) { pair in
      try await pair.attachShell([])
      let shell = try #require(pair.shell)
      shell.send("history")
      _ = try await shell.wait(for: "no actions dispatched yet, by this shell or by the app since the shell attached\n")
      pair.app.send("inc")
      _ = try await pair.app.wait(for: "tap 1 at")
      let before = shell.output.count
      shell.send("dispatch didTapDecrementButton")
      shell.send("history")
      let printed = String(try await shell.wait(for: "2  didTapDecrementButton\n").dropFirst(before))
      #expect(printed.hasSuffix("1  didTapIncrementButton   (app)\n2  didTapDecrementButton\n"), "\(printed)")
      // The app's own listener-free store saw 0 → 1 → 0: the shell's decrement diffed from 1.
      #expect(printed.contains("-   value: 1\n+   value: 0\n"), "\(printed)")
    }
  }

  /// An invariant holds on the app's own actions too: the one that breaks it fails the shell's
  /// next line, named.
  @Test func theAppsActionThatBreaksAnInvariantFailsTheNextLine() async throws {
    try await AttachedPair.with { pair in
      try await pair.attachShell([])
      let shell = try #require(pair.shell)
      shell.send("invariant selectValue < 2")
      _ = try await shell.wait(for: "selectValue < 2")
      for tap in ["inc", "inc", "inc"] { pair.app.send(tap) }
      _ = try await pair.app.wait(for: "tap 3 at")
      let before = shell.output.count
      shell.send("select selectValue")
      let printed = String(try await shell.wait(for: "actual: 2\n").dropFirst(before))
      #expect(printed == "error: <stdin>:2: invariant selectValue < 2 broken by the app's `didTapIncrementButton`\n  actual: 2\n", "\(printed)")
    }
  }

  /// A shell that attaches while the tap already runs for another finds its history empty at
  /// once: what the app dispatched before it attached is not waited for.
  @Test func aShellThatAttachesWhileTheTapRunsDoesNotWaitForWhatCameBefore() async throws {
    try await AttachedPair.with { pair in
      try await pair.attachShell([])
      let first = try #require(pair.shell)
      first.send("history")
      _ = try await first.wait(for: "no actions dispatched yet")
      pair.app.send("inc")
      _ = try await pair.app.wait(for: "tap 1 at")
      let second = try PipedChild(
        try ReplShellBinary.url.path, ["--attach", String(pair.app.process.processIdentifier)], environment: pair.environment,
        folder: pair.folder, name: "second")
      second.send("history")
      let printed = try await second.wait(for: "\n")
      await second.stop()
      #expect(printed == "no actions dispatched yet, by this shell or by the app since the shell attached\n", "\(printed)")
    }
  }

  static let scopeNote =
    "(on a live store the history starts when this shell attached: an app's flight recorder keeps what came before, for `replshell --replay`)"
}
