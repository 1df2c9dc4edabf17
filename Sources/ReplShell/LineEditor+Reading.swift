import CEditLine
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libedit's characters read by a function of ours (`EL_GETCFN`) that waits on standard input
/// and on `PromptOutput`'s wake-up pipe: output handed over while a line is typed is printed
/// where the prompt was, and libedit draws the prompt and the half-typed line again below it,
/// all on the thread that reads the line.
extension LineEditor {
  /// Installs the reading function.
  func installReader() {
    cel_set_read_function(editLine) { editLine, character in
      guard let editor = LineEditor.editor(for: editLine), let character else { return -1 }
      return editor.readCharacter(into: character)
    }
  }

  /// Reads one character (UTF-8 decoded) into `character`: 1, or 0 at the end of input, -1 on
  /// an error; prints what `promptOutput` was handed while it waits.
  func readCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
    var state = mbstate_t()
    while true {
      var entries = [
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        pollfd(fd: promptOutput.wakeReader, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&entries, 2, -1)
      if ready < 0 {
        if errno == EINTR { continue }  // a resize: libedit's handler has dealt with it
        return -1
      }
      if entries[1].revents != 0 {
        let pending = promptOutput.takePending()
        printAbovePrompt(pending.texts, prompt: pending.prompt)
      }
      guard entries[0].revents != 0 else { continue }
      var byte: UInt8 = 0
      let count = read(STDIN_FILENO, &byte, 1)
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return -1
      }
      if count == 0 { return 0 }
      var decoded: wchar_t = 0
      let used = withUnsafePointer(to: byte) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: 1) { mbrtowc(&decoded, $0, 1, &state) }
      }
      if used == Self.incompleteCharacter { continue }  // more bytes of this character to come
      if used == Self.invalidCharacter {
        state = mbstate_t()  // not UTF-8: dropped
        continue
      }
      character.pointee = decoded
      return 1
    }
  }

  /// What `mbrtowc` returns for the first bytes of a character, and for bytes of none.
  private static let incompleteCharacter = Int(-2)
  private static let invalidCharacter = Int(-1)

  /// Erases the prompt and the line, prints `texts`, and has libedit draw them again below (with
  /// `prompt` when it changed).
  private func printAbovePrompt(_ texts: [String], prompt: String?) {
    guard !texts.isEmpty else { return }
    let rows = lineGeometry().cursorRow
    if let prompt { setPrompt(prompt) }
    cel_write_output("\r" + (rows > 0 ? "\u{1B}[\(rows)A" : "") + "\u{1B}[J" + texts.joined())
    cel_refresh(editLine)
  }
}
