import Foundation
import Testing

/// `tail` marks the app's action that makes one of the shell's breakpoints true, once per
/// crossing, whether or not `--only` shows the action.
@Suite(.timeLimit(.minutes(10))) struct AttachTailBreakTests {
  @Test func tailMarksTheActionThatMadeABreakpointTrue() async throws {
    try await AttachedPair.with { pair in
      try await pair.attachShell([])
      let shell = try #require(pair.shell)
      shell.send("break when selectValue == 2")
      _ = try await shell.wait(for: "break 1: stops at the first dispatch")
      // `--only` keeps the decrements: the increment that crosses is not shown, its break is.
      shell.send("tail --only didTapDecrementButton")
      _ = try await shell.wait(for: "tailing every action the app dispatches")
      for tap in ["inc", "inc", "inc", "dec"] { pair.app.send(tap) }
      _ = try await pair.app.wait(for: "tap 4 at")
      // The decrement goes 3 → 2: a second crossing, marked after its diff.
      let output = try await shell.wait(for: "■ break 1 (selectValue == 2) at didTapDecrementButton\n")
      let marks = output.components(separatedBy: "\n").filter { $0.hasPrefix("■ break 1") }
      #expect(marks == ["■ break 1 (selectValue == 2) at didTapIncrementButton", "■ break 1 (selectValue == 2) at didTapDecrementButton"], "\(output)")
      #expect(!output.contains("→ didTapIncrementButton"), "\(output)")
    }
  }
}
