import ReplShellCommands
import ReplShellSession
import StateValues
extension CommandParser {
  /// The command on `line` among every command of a shell process (`CommandSet.full`); nil for a
  /// blank line or a `#` comment.
  static func parse(_ line: String) throws(CommandError) -> (any ShellCommand)? {
    try parse(line, commands: .full)
  }
}
