import StateValues
/// Reads one line of the command language: finds the command its first word names and lets that
/// command parse the rest.
public enum CommandParser {
  /// The command on `line` among `commands`; nil for a blank line or a `#` comment.
  public static func parse(_ line: String, commands: CommandSet) throws(CommandError) -> (any ShellCommand)? {
    let trimmed = line.trimmingLeadingWhitespace
    if trimmed.isEmpty || trimmed.hasPrefix("#") {
      return nil
    }
    let leading = line.count - trimmed.count
    let word = String(trimmed.prefix { !$0.isWhitespace })
    let restStart = leading + word.count
    let arguments = CommandArguments(word: word, text: String(line.dropFirst(restStart)), column: restStart + 1)
    if commands.elsewhere.contains(word) {
      return try ElsewhereCommand.parse(arguments)
    }
    guard let command = commands.command(named: word) else {
      let suggestions = Suggestions.closest(to: word, among: commands.names)
      let hint = suggestions.isEmpty ? "type `help` for the list of commands" : "did you mean \(suggestions.map { "`\($0)`" }.joined(separator: " or "))?"
      throw CommandError("unknown command `\(word.truncatedForMessage)`: \(hint)", column: leading + 1)
    }
    return try command.parse(arguments)
  }
}
