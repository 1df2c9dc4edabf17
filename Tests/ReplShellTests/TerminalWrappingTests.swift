@testable import ReplShell
import Testing

@Suite struct TerminalWrappingTests {
  @Test func aLineThatFitsStaysWhole() {
    #expect(TerminalText.wrap("use <domain>  starts a store", hangingIndent: 14, width: 80) == ["use <domain>  starts a store"])
  }

  @Test func descriptionsWrapBetweenWordsWithAHangingIndent() {
    let line = "undo          takes back the last dispatch with every action its listeners dispatched because of it"
    let wrapped = TerminalText.wrap(line, hangingIndent: 14, width: 50)
    #expect(wrapped == [
      "undo          takes back the last dispatch with",
      "              every action its listeners",
      "              dispatched because of it",
    ])
    #expect(wrapped.allSatisfy { $0.count <= 50 })
    #expect(wrapped.joined(separator: " ").split(separator: " ") == line.split(separator: " "), "no word is broken or lost")
  }

  @Test func aWordWiderThanTheRoomStaysWholeOnItsOwnLine() {
    let wrapped = TerminalText.wrap("x   see https://example.com/a/very/long/path/that/cannot/break now", hangingIndent: 4, width: 30)
    #expect(wrapped == ["x   see", "    https://example.com/a/very/long/path/that/cannot/break", "    now"])
  }

  @Test func aNarrowTerminalKeepsRoomForTheDescription() {
    let wrapped = TerminalText.wrap("dispatch <action>   dispatches and prints the diff", hangingIndent: 20, width: 30)
    #expect(wrapped.dropFirst().allSatisfy { $0.hasPrefix("    ") && !$0.hasPrefix("     ") })
  }
}
