import Foundation
import ReplShellDomain
import StateValues

/// `redact dates|uuids|paths`, `redact /regex/ as [name]`: replaces what changes from run to run
/// in what the following commands print.
struct RedactCommand: ShellCommand {
  static let description = CommandDescription(
    name: "redact", usage: "redact [dates|uuids|paths|/regex/ as [name]]", group: .testing,
    synopsis: "replaces what changes run to run in the output",
    summary: "from here on, replaces what changes run to run in the output: ISO 8601 dates → [date], UUIDs → [uuid], $SCRATCH and the working directory → [scratch], [cwd], a pattern → [name]; alone, lists them",
    examples: ["redact dates", "redact uuids", "redact paths", "redact /took \\d+ ms/ as [duration]", "redact"],
    toolArguments: [ToolArgument("what", "`dates`, `uuids`, `paths` or `/regex/ as [name]`; omit it to list the redactions", isRequired: false)])
  static let reach = CommandReach.session

  /// What to switch on, or nil to list what is on.
  let redaction: Redaction?

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> RedactCommand {
    guard let text = arguments.trimmed else { return RedactCommand(redaction: nil) }
    let column = arguments.column + arguments.text.count - arguments.text.trimmingLeadingWhitespace.count
    if text.hasPrefix("/") {
      return RedactCommand(redaction: try pattern(text, column: column))
    }
    guard let builtIn = Redaction.builtIns.first(where: { $0.word == text }) else {
      throw CommandError(
        "unknown redaction `\(text.truncatedForMessage)`: type `redact dates`, `redact uuids`, `redact paths`, or `redact /regex/ as [name]`",
        column: column)
    }
    return RedactCommand(redaction: builtIn.redaction)
  }

  /// Reads `/regex/ as [name]`: the pattern runs to the last `/` that `as` follows.
  private static func pattern(_ text: String, column: Int) throws(CommandError) -> Redaction {
    let usage = "write `redact /regex/ as [name]`, e.g. `redact /took \\d+ ms/ as [duration]`"
    guard let range = text.range(of: "/ as ", options: .backwards), range.lowerBound > text.startIndex else {
      throw CommandError("a pattern needs a name: \(usage)", column: column)
    }
    let pattern = String(text[text.index(after: text.startIndex)..<range.lowerBound])
    let name = text[range.upperBound...].trimmingLeadingWhitespace
    guard !pattern.isEmpty, !name.isEmpty, !name.contains(where: \.isWhitespace) else {
      throw CommandError("a pattern needs a name without spaces: \(usage)", column: column)
    }
    let redaction = Redaction(pattern, as: name)
    guard redaction.isValid else {
      throw CommandError("`\(pattern.truncatedForMessage)` is not a valid regular expression", column: column + 1)
    }
    return redaction
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    request.offer(Redaction.builtIns.map(\.word))
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    guard let redaction else { return CommandOutput(context.output.redactions.lines) }
    context.output.addRedaction(redaction)
    return CommandOutput([])
  }
}
