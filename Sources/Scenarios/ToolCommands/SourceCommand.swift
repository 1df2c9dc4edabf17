import Foundation
import ReplShellCommands
import ReplShellFoundation
import ReplShellSession
import StateValues

/// `source FILE`: runs a script's commands in the current session, as psql's `\i` does, stopping
/// at the first failure with `file:line`.
struct SourceCommand: ShellCommand {
  static let description = CommandDescription(
    name: "source", usage: options.usage("source", operands: "<FILE>"), group: .testing,
    synopsis: "runs a script's commands in this session",
    summary: "runs a script's commands in the current session (paths in it relative to it), stopping at the first failure with file:line; a script already being sourced, or nesting past 16 deep, is refused with the chain; `--expect-break` asserts that a breakpoint stops it",
    examples: ["source setup.txt", "source Scenarios/counter.txt", "source --expect-break steps.txt"],
    toolArguments: [ToolArgument("file", "the script to run, e.g. `setup.txt`")] + options.toolArguments)
  static let reach = CommandReach.outsideWorld
  static let recordingRole = RecordingRole.omitted

  /// The script's path as typed.
  let path: String
  /// The column of the path, where errors point.
  let column: Int
  /// Whether a breakpoint must stop the script (`--expect-break`).
  var expectsBreak = false

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> SourceCommand {
    let parsed = try options.parse(arguments)
    let words = try parsed.rest.words()
    guard let word = words.first else {
      throw CommandError("source needs a file, e.g. `source setup.txt`", column: arguments.column)
    }
    guard words.count == 1 else {
      throw CommandError("source takes one file; remove `\(words[1].text.truncatedForMessage)`", column: words[1].column)
    }
    return SourceCommand(path: word.text, column: word.column, expectsBreak: parsed.isSet(Option.expectBreak))
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    options.completion(for: request) { operands in operands.isEmpty ? request.scriptPath(from: context.baseDirectory) : request.offer([]) }
  }

  /// How deep `source` lines may nest: past it, a script is refused with the chain.
  static let depthLimit = 16

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    let url = try context.paths.url(forPath: path, for: .read, column: column)
    let chain = context.scripts.sourceChain
    let resolved = url.resolvingSymlinksInPath().standardizedFileURL
    let route = (chain.map { $0.sourcedAt ?? "`source \($0.name)` typed" } + [context.line.location ?? "this line"]).joined(separator: " → ")
    if chain.contains(where: { $0.script == resolved }) {
      throw CommandError("\(path) is already being sourced (\(route)): a script that sources itself would never end", column: column)
    }
    guard chain.count < Self.depthLimit else {
      throw CommandError("source nests at most \(Self.depthLimit) scripts deep (\(route))", column: column)
    }
    let text: String
    do {
      text = try context.paths.reach.readText(url.path, shownAs: path, budget: Budget.current.holding(bytes: ScriptLines.sizeLimit))
    } catch {
      throw CommandError(error.description, column: column)
    }
    // The script's lines run as `--script` runs them; what they print are the session's events.
    let stopped = await context.scripts.runScript(at: url, text: text, name: path)
    if expectsBreak {
      guard let stopped else {
        throw CommandError("expected a breakpoint to stop \(path), but it ran to its end: no dispatch made a `break when` predicate true", column: column)
      }
      guard let stop = stopped.breakStop else { throw CommandError("source stopped at \(stopped.failedAt)", column: column) }
      let place = (stop.entry.map { "#\($0) " } ?? "") + TranscriptRenderer.shortened(stop.action)
      return CommandOutput([.note("stopped as expected by break \(stop.number) at \(stop.location ?? stopped.failedAt) (\(place)); the rest of \(path) did not run")])
    }
    if let stopped {
      // Typed, a breakpoint's stop is reported and the session goes on; in a script it stops the script.
      if context.line.location == nil, let stop = stopped.breakStop {
        return CommandOutput([.note("source stopped by break \(stop.number) at \(stop.location ?? stopped.failedAt); the rest of \(path) did not run")])
      }
      // A script that sourced this one stops by the same breakpoint: this line's result says so.
      if let stop = stopped.breakStop { context.line.report.sourcedScriptStopped(by: stop) }
      throw CommandError("source stopped at \(stopped.failedAt)", column: column)
    }
    return CommandOutput([])
  }
}

extension SourceCommand {
  /// The options `source` takes, before its file.
  static let options = CommandOptions([Option.expectBreak])

  /// Each option of `source`.
  enum Option {
    static let expectBreak = CommandOption("--expect-break", tool: "expectBreak", "true asserts that a breakpoint stops the script")
  }
}
