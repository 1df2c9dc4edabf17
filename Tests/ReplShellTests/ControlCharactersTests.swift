import ReplShellFoundation
import Scenarios
import StateValues
import Testing
@testable import ReplShell

/// What an attached app prints reaches the terminal with its control characters escaped: no
/// window title, colour, bell or cursor move of its own; line breaks, tabs and all printable
/// text (accents, emoji) pass as they are.
@Suite struct ControlCharactersTests {
  @Test func escapeSequencesBellsAndC1ControlsAreEscaped() {
    #expect(ControlCharacters.escaped("\u{1B}]0;owned\u{7}title") == #"\u{1B}]0;owned\u{7}title"#)
    #expect(ControlCharacters.escaped("a\rb\u{8}c\u{7F}d\u{9B}31m\u{0}") == #"a\u{D}b\u{8}c\u{7F}d\u{9B}31m\u{0}"#)
  }

  /// The overrides and isolates that make a terminal show the rest of a line in another order.
  @Test func bidirectionalOverridesAreEscaped() {
    #expect(ControlCharacters.escaped("a\u{202E}b\u{2066}c\u{2069}") == #"a\u{202E}b\u{2066}c\u{2069}"#)
  }

  @Test func lineBreaksTabsAndPrintableTextPass() {
    let text = "État:\t\"café\" ☕️ 🎉\nnext line — ok"
    #expect(ControlCharacters.escaped(text) == text)
  }

  @Test func linesKeepTheirKindsAndIndents() {
    let lines = ControlCharacters.escaped([OutputLine(.added, "+ \u{1B}[2J", hangingIndent: 2), OutputLine(.note, "plain")])
    #expect(lines == [OutputLine(.added, #"+ \u{1B}[2J"#, hangingIndent: 2), OutputLine(.note, "plain")])
  }
}
