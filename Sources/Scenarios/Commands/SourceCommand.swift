import Foundation

/// `source FILE`: runs a script's commands in the current session, as psql's `\i` does, stopping
/// at the first failure with `file:line`.
struct SourceCommand: ShellCommand {
  static let description = CommandDescription(
    name: "source", usage: "source <FILE>",
    summary: "runs a script's commands in the current session (paths in it relative to it), stopping at the first failure with file:line; a script already being sourced, or nesting past 16 deep, is refused with the chain",
    examples: ["source setup.txt", "source Scenarios/counter.txt"],
    toolArguments: [ToolArgument("file", "the script to run, e.g. `setup.txt`")])
  static let reach = CommandReach.outsideWorld
  static let recordingRole = RecordingRole.omitted

  /// The script's path as typed.
  let path: String
  /// The column of the path, where errors point.
  let column: Int

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> SourceCommand {
    let word = try arguments.singleWord("file", missing: "source needs a file, e.g. `source setup.txt`")
    return SourceCommand(path: word.text, column: word.column)
  }

  static func completions(for request: CompletionRequest, in context: CommandContext) -> ShellCompletion {
    request.words.count == 1 ? request.scriptPath(from: context.baseDirectory) : request.offer([])
  }

  /// How deep `source` lines may nest: past it, a script is refused with the chain.
  static let depthLimit = 16

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    let url = context.url(forPath: path)
    let chain = context.sourceChain
    let resolved = url.resolvingSymlinksInPath().standardizedFileURL
    let route = (chain.map { $0.sourcedAt ?? "`source \($0.name)` typed" } + [context.location ?? "this line"]).joined(separator: " → ")
    if chain.contains(where: { $0.script == resolved }) {
      throw CommandError("\(path) is already being sourced (\(route)): a script that sources itself would never end", column: column)
    }
    guard chain.count < Self.depthLimit else {
      throw CommandError("source nests at most \(Self.depthLimit) scripts deep (\(route))", column: column)
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw CommandError("cannot read \(path)", column: column)
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      throw CommandError("\(path) is not UTF-8 text", column: column)
    }
    // The script's lines run as `--script` runs them; what they print are the session's events.
    if let stopped = await context.runScript(at: url, text: text, name: path) {
      // Typed, a breakpoint's stop is reported and the session goes on; in a script it stops the script.
      if context.location == nil, let stop = stopped.breakStop {
        return CommandOutput([.note("source stopped by break \(stop.number) at \(stop.location ?? stopped.failedAt); the rest of \(path) did not run")])
      }
      throw CommandError("source stopped at \(stopped.failedAt)", column: column)
    }
    return CommandOutput([])
  }
}
