import ReplShellFoundation
import Testing

/// What the shell prints from outside text: nothing a terminal could act on, nothing that
/// reorders a line, everything else as it was.
@Suite struct ControlCharactersTests {
  @Test func escapesWhatATerminalWouldActOn() {
    #expect(ControlCharacters.escaped("\u{1B}]0;title\u{7}") == #"\u{1B}]0;title\u{7}"#)
    #expect(ControlCharacters.escaped("a\u{7F}b\u{9B}c") == #"a\u{7F}b\u{9B}c"#)
    #expect(ControlCharacters.escaped("\r") == #"\u{D}"#)
  }

  @Test func escapesTheBidirectionalOverrides() {
    #expect(ControlCharacters.escaped("a\u{202E}b\u{2066}c") == #"a\u{202E}b\u{2066}c"#)
  }

  @Test func keepsLineBreaksTabsAndPrintableTextUnlessOnOneLine() {
    let text = "é日🙂\tx\ny"
    #expect(ControlCharacters.escaped(text) == text)
    #expect(ControlCharacters.escaped(text, onOneLine: true) == #"é日🙂\u{9}x\u{A}y"#)
  }
}
