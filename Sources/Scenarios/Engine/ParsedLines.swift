/// Recently parsed lines and their commands: scripts repeat lines, and parsing is pure.
struct ParsedLines {
  /// The command of each line; nil for blank lines and comments.
  private var commands: [String: (any ShellCommand)?] = [:]
  private static let limit = 4_096

  /// The command `line` parses to, parsed once; nil for a blank line or a comment.
  mutating func command(for line: String) throws(CommandError) -> (any ShellCommand)? {
    if let known = commands[line] {
      return known
    }
    let command = try CommandParser.parse(line)
    if commands.count >= Self.limit { commands.removeAll(keepingCapacity: true) }
    commands[line] = command
    return command
  }
}
