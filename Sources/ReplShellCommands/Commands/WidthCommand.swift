import StateValues
/// `width [<columns>|terminal|off]`: the width tables fit, and shows it.
struct WidthCommand: ShellCommand {
  static let description = CommandDescription(
    name: "width", usage: "width [<columns>|terminal|off]", group: .session,
    synopsis: "sets the width tables fit",
    summary: "sets the width tables fit, their widest columns cut first with …: `terminal` (the default) fits the terminal's and prints tables whole in scripts and pipes, a number fits that many columns wherever output goes (scripts too), `off` prints tables whole; alone, shows the setting",
    examples: ["width 80", "width terminal", "width off"])
  static let reach = CommandReach.session

  /// The new setting; nil only shows it.
  let width: TableSettings.Width?

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> WidthCommand {
    let words = try arguments.words()
    guard let word = words.first else { return WidthCommand(width: nil) }
    guard words.count == 1 else {
      throw CommandError("width takes one setting; remove `\(words[1].text.truncatedForMessage)`", column: words[1].column)
    }
    switch word.text {
    case "terminal": return WidthCommand(width: .terminal)
    case "off": return WidthCommand(width: .whole)
    default:
      let range = TableSettings.narrowestWidth...TableSettings.widestWidth
      guard let columns = Int(word.text), range.contains(columns) else {
        throw CommandError(
          "expected a number of columns from \(range.lowerBound) to \(range.upperBound), `terminal` or `off`, found `\(word.text.truncatedForMessage)`",
          column: word.column)
      }
      return WidthCommand(width: .columns(columns))
    }
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    request.offer(request.words.count == 1 ? ["terminal", "off"] : [])
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    if let width { context.output.tables.width = width }
    var output = CommandOutput([.plain(context.output.tables.widthDescription(terminalColumns: context.output.terminalColumns))])
    output.dependsOnTerminal = context.output.tables.width == .terminal && context.output.terminalColumns != nil
    return output
  }
}
