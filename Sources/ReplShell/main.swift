// Demo loop for trying the line editor by hand; the real shell replaces this file.
import Foundation

let words = [
  "dispatch", "select", "didTapIncrementButton", "didTapDecrementButton", "help", ".carnivorous",
  "ui.animalList.",
]

/// Completes the word before the cursor (text after the last space) from `words`.
func complete(_ lineUpToCursor: String) -> Completion {
  let word = lineUpToCursor.split(separator: " ", omittingEmptySubsequences: false).last ?? ""
  let matches = words.filter { $0.hasPrefix(word) }
  return Completion(
    candidates: matches.map { Completion.Candidate($0, isWholeWord: !$0.hasSuffix(".")) },
    replacedLength: word.count)
}

guard LineEditor.isInteractive else {
  while let line = readLine() {
    print("echo: \(line)")
  }
  exit(0)
}

let historyFile = ProcessInfo.processInfo.environment["REPLSHELL_HISTORY"]
  .map { URL(fileURLWithPath: $0) } ?? LineEditor.defaultHistoryFile()
let editor = LineEditor(programName: "replshell", historyFile: historyFile, completer: complete)
loop: while true {
  switch editor.readLine(prompt: "\u{1}\u{1B}[1m\u{1}demo>\u{1}\u{1B}[0m\u{1} ") {
  case .line(let line):
    editor.addToHistory(line)
    print("echo: \(line) [\(line.count) characters]")
  case .interrupted:
    print("(interrupted)")
  case .endOfFile:
    print("bye")
    break loop
  }
}
