import Foundation
import Testing
@_spi(Internals) @testable import Scenarios
@_spi(Internals) @testable import ReplShellSession

/// How a script's text becomes lines.
@MainActor @Suite(.timeLimit(.minutes(10))) struct ScriptLinesTests {
  /// A script saved with Windows line endings runs as the same script with `\n` endings.
  @Test func crlfLineEndingsRunAsLines() async {
    let lines = ["use counter", "# two taps", "dispatch didTapIncrementButton", "", "select selectValue"]
    let runner = ScriptRunner(domains: [.testCounter])
    let base = URL(fileURLWithPath: "/")
    let unix = await runner.run(text: lines.joined(separator: "\n") + "\n", name: "a.txt", baseDirectory: base)
    let windows = await runner.run(text: lines.joined(separator: "\r\n") + "\r\n", name: "a.txt", baseDirectory: base)
    #expect(unix.succeeded && windows.succeeded)
    #expect(windows.text == unix.text)
    #expect(unix.text.hasSuffix("counter> select selectValue\n1\n"), "\(unix.text)")
  }
}
