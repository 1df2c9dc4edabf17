import ReplShellCommands
import StateValues
/// Recently parsed lines and what they parsed to: scripts repeat lines, and parsing is pure, so a
/// line's command — or its error — is the same every time.
package struct ParsedLines {
  /// What each line parsed to: its command (nil for blank lines and comments), or its error.
  private var parses: [String: Result<(any ShellCommand)?, CommandError>] = [:]
  /// The line parsed elsewhere for the line that runs next, kept for it alone.
  private var handedOver: ParsedLine?
  private static let limit = 4_096
  /// The longest line kept (in UTF-8 bytes): scripts repeat short lines, and 4,096 lines of an
  /// attached shell's mebibyte would be 4 GiB.
  private static let longestKept = 4_096

  /// The command `line` parses to, parsed once; nil for a blank line or a comment.
  mutating func command(for line: String, in commands: CommandSet) throws(CommandError) -> (any ShellCommand)? {
    if let parsed = handedOver.take(), parsed.line == line {
      return try parsed.parse.get()
    }
    if let known = parses[line] {
      return try known.get()
    }
    let parse = ParsedLine(parsing: line, commands: commands).parse
    if line.utf8.count <= Self.longestKept {
      if parses.count >= Self.limit { parses.removeAll(keepingCapacity: true) }
      parses[line] = parse
    }
    return try parse.get()
  }

  /// Keeps what a line parsed to elsewhere (off the main actor) for the line that runs next, so
  /// that running it parses nothing.
  mutating func handOver(_ parsed: ParsedLine) {
    handedOver = parsed
  }
}

/// A line and what it parses to, worked out wherever it is made: an attached shell's line is
/// parsed off the app's main actor before it takes its turn there (`ParsedLineRequest`).
package struct ParsedLine: Sendable {
  /// The line as sent.
  let line: String
  /// Its command (nil for a blank line or a comment), or why it does not parse.
  let parse: Result<(any ShellCommand)?, CommandError>

  /// Parses `line` here, as a line of a shell that runs `commands`.
  package init(parsing line: String, commands: CommandSet) {
    self.line = line
    do throws(CommandError) {
      parse = .success(try CommandParser.parse(line, commands: commands))
    } catch {
      parse = .failure(error)
    }
  }
}
