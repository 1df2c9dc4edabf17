import Foundation

/// One console example of the manual or the README: a fenced block whose first line is a command
/// line (`$ replshell …`), each command followed by what it prints. It runs in a folder of its
/// own, where the package's top-level folders are reachable by the same relative paths, and what
/// it prints is compared with the block as a golden is compared with its transcript. Prompt lines
/// after a command (`counter> history`) are the command's input, typed at its prompt: they are
/// piped to it, and everything else in the block is what it must print.
///
/// A comment on the lines before the block says more: `<!-- unchecked: why -->` leaves it out
/// (another machine, a server); `<!-- beside: shelfd -->` runs it with `Examples/Shelf`'s app
/// running in a terminal beside it (`AttachArticleTests`); `<!-- in: PATH -->` copies the files
/// of the package's folder `PATH` into the example's folder first, the files its commands read.
struct ManualCommandLine {
  /// The file, relative to the package.
  let file: String
  /// The line of the block's first command.
  let line: Int
  let lines: [String]
  let skipReason: String?
  /// The package's folder whose files the example starts from, or nil.
  let startingFolder: String?
  /// The app that runs in a terminal beside the example's (`<!-- beside: shelfd -->`), or nil:
  /// `AttachArticleTests` runs such an example with the app, this test does not.
  var besideApp: String? = nil

  /// `file:line`, as a failure names it.
  var location: String { "\(file):\(line)" }

  /// What the block's commands print: the block without the lines typed at a command's prompt,
  /// which a terminal echoes and a pipe does not.
  var expected: String {
    var typed = false
    return lines.filter { line in
      if line.hasPrefix("$ ") { typed = true }
      return !(typed && ManualExample.promptDomain(line) != nil)
    }.map { $0 + "\n" }.joined()
  }

  /// The line in the file of line `number` (1 for the first) of `expected`; past its end, the
  /// line after the block's last.
  func fileLine(ofExpectedLine number: Int) -> Int {
    var typed = false
    let kept = lines.indices.filter { index in
      if lines[index].hasPrefix("$ ") { typed = true }
      return !(typed && ManualExample.promptDomain(lines[index]) != nil)
    }
    return line + (number - 1 < kept.count ? kept[number - 1] : lines.count)
  }

  /// Whether a command of the block reads lines typed at its prompt: `expected` leaves them out,
  /// so what the commands print cannot be written back over the block as it is.
  var readsTypedLines: Bool {
    commands.contains { !$0.typed.isEmpty }
  }

  /// One command of the block: the lines it is written on (a line that ends in `\` goes on),
  /// and the lines typed at its prompt.
  struct Command: Equatable {
    var written: [String]
    var typed: [String] = []
  }

  /// The block's commands, in order.
  var commands: [Command] {
    var commands: [Command] = []
    var index = 0
    while index < lines.count {
      guard lines[index].hasPrefix("$ ") else {
        if let prompt = ManualExample.promptDomain(lines[index]), !commands.isEmpty {
          commands[commands.count - 1].typed.append(String(lines[index].dropFirst(prompt.count + 2)))
        }
        index += 1
        continue
      }
      var command = Command(written: [lines[index]])
      while command.written.last?.hasSuffix("\\") == true, index + 1 < lines.count {
        index += 1
        command.written.append(lines[index])
      }
      commands.append(command)
      index += 1
    }
    return commands
  }

  /// The Bash script that prints each command as the block writes it, then runs it, its errors
  /// with its output and what is typed at its prompt as its input. `$?` is the status of the
  /// command before, as at a prompt.
  var script: String {
    var script = "exec 2>&1 </dev/null\nstatus=0\n"
    for command in commands {
      for line in command.written {
        script += "printf '%s\\n' \(Self.quoted(line))\n"
      }
      let text = command.written.map { String($0.hasPrefix("$ ") ? $0.dropFirst(2) : $0[...]) }.joined(separator: "\n")
      script += "(exit $status); \(text)"
      script += command.typed.isEmpty ? "\n" : " <<'MANUAL_INPUT'\n" + command.typed.map { $0 + "\n" }.joined() + "MANUAL_INPUT\n"
      script += "status=$?\n"
    }
    return script
  }

  /// `text` in single quotes, for Bash.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// Every console example in the README and in every DocC catalog under `Sources/`.
  static func all() throws -> [ManualCommandLine] {
    try ManualExample.manualFiles().flatMap { file in
      try blocks(in: String(contentsOf: ManualExample.root.appendingPathComponent(file), encoding: .utf8), file: file)
    }
  }

  /// The console examples among the fenced blocks of `text`.
  static func blocks(in text: String, file: String) -> [ManualCommandLine] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var found: [ManualCommandLine] = []
    for block in FencedBlock.all(in: lines) where block.body.first?.hasPrefix("$ ") == true {
      let notes = comments(before: block.fence, in: lines)
      found.append(
        ManualCommandLine(
          file: file, line: block.firstLine, lines: block.body, skipReason: notes.first { $0.key == "unchecked" }?.value,
          startingFolder: notes.first { $0.key == "in" }?.value, besideApp: notes.first { $0.key == "beside" }?.value))
    }
    return found
  }

  /// The `<!-- key: value -->` comments on the lines right before line `index` (blank lines
  /// between them allowed), nearest first.
  static func comments(before index: Int, in lines: [String]) -> [(key: String, value: String)] {
    var found: [(key: String, value: String)] = []
    for line in lines[..<index].reversed() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty { continue }
      guard trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->"), let colon = trimmed.firstIndex(of: ":") else { break }
      let key = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 4)..<colon].trimmingCharacters(in: .whitespaces)
      let value = trimmed[trimmed.index(after: colon)..<trimmed.index(trimmed.endIndex, offsetBy: -3)].trimmingCharacters(in: .whitespaces)
      found.append((key, value))
    }
    return found
  }
}

extension ManualCommandLine {
  /// Where the tutorial's files are: its terminal steps are `tutorial-*-Terminal.txt`, which
  /// `TutorialTerminalTests` runs in the reader's package as the steps before each leave it.
  static let tutorialFolder = "Sources/ReplShell/ReplShell.docc/Resources/Tutorial"
}
