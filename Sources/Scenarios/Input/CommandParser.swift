/// Reads one line of the command language: finds the command its first word names and lets that
/// command parse the rest.
enum CommandParser {
  /// The command on `line`; nil for a blank line or a `#` comment.
  static func parse(_ line: String) throws(CommandError) -> (any ShellCommand)? {
    let trimmed = line.trimmingLeadingWhitespace
    if trimmed.isEmpty || trimmed.hasPrefix("#") {
      return nil
    }
    let leading = line.count - trimmed.count
    let word = String(trimmed.prefix { !$0.isWhitespace })
    let restStart = leading + word.count
    guard let command = CommandRegistry.command(named: word) else {
      let suggestions = Suggestions.closest(to: word, among: CommandRegistry.names)
      let hint = suggestions.isEmpty ? "type `help` for the list of commands" : "did you mean \(suggestions.map { "`\($0)`" }.joined(separator: " or "))?"
      throw CommandError("unknown command `\(word.truncatedForMessage)`: \(hint)", column: leading + 1)
    }
    return try command.parse(CommandArguments(word: word, text: String(line.dropFirst(restStart)), column: restStart + 1))
  }
}
