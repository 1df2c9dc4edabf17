import Foundation
import ReplShellCommands
import ReplShellDomain
import ReplShellFoundation
import ReplShellSession
import StateValues

/// `save [--force] FILE`: writes the session as a scenario script, runs it in a fresh session,
/// writes its golden beside it and says whether the fresh run saw what the session saw.
struct SaveCommand: ShellCommand {
  static let description = CommandDescription(
    name: "save", usage: options.usage("save", operands: "<FILE.txt>"), group: .testing,
    synopsis: "writes the session as a scenario script and its golden",
    summary: "writes the session since its `use` as a scenario script (without failed lines, help-like commands and undone dispatches), then its golden from a fresh run on copies of the session's databases as it found them (saved beside the script; a session on a server is refused); `--force` overwrites",
    examples: ["save explored.txt", "save --force Scenarios/checkout.txt"],
    toolArguments: [
      ToolArgument("file", "where to write the script, ending in `.txt`, e.g. `explored.txt`; the golden goes beside it")
    ] + options.toolArguments)
  static let reach = CommandReach.outsideWorld
  static let recordingRole = RecordingRole.omitted

  /// The script's path as typed.
  let path: String
  /// Whether an existing script may be overwritten.
  let force: Bool
  /// The column of the path, where errors point.
  let column: Int

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> SaveCommand {
    let parsed = try options.parse(arguments)
    var words = try parsed.rest.words()
    // `save FILE --force` reads as well as `save --force FILE`.
    let trailingForce = words.count > 1 && words.last?.text == Option.force.name
    if trailingForce { words.removeLast() }
    let force = parsed.isSet(Option.force) || trailingForce
    guard let word = words.first else {
      throw CommandError("save needs a file, e.g. `save explored.txt`", column: arguments.column)
    }
    guard words.count == 1 else {
      throw CommandError("save takes one file; remove `\(words[1].text.truncatedForMessage)`", column: words[1].column)
    }
    guard word.text.hasSuffix(".txt"), word.text.count > 4 else {
      throw CommandError("scenario scripts end in `.txt`, so that `--check` finds them: try `save \(word.text.truncatedForMessage).txt`", column: word.column)
    }
    return SaveCommand(path: word.text, force: force, column: word.column)
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    options.completion(for: request) { operands in operands.isEmpty ? request.scriptPath(from: context.baseDirectory) : request.offer([]) }
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    let session = try context.session.require()
    guard let recording = context.session.recording else { return CommandOutput([]) }
    let script = try context.paths.url(forPath: path, for: .write, column: column)
    let golden = ScriptRunner.goldenURL(for: script)
    let files = try ScenarioFiles(script: script, recording: recording, column: column)
    try files.refuseReplacingOpenFiles(files.targets(with: [golden]), column: column)
    try ScenarioFiles.refuseOverwriting(files.targets(with: [golden]), force: force, overwrite: "type `save --force \(path)`", column: column)
    let lines = recording.script(applied: session.read(HistoryPositionReader()).applied)
    let text = ([files.useLine] + lines.map(\.text)).joined(separator: "\n") + "\n"
    try Self.checkReadsBack(text, as: [files.useLine] + lines.map(\.text), column: column)
    // The starting databases first: the fresh run reads them where the script names them.
    let made = try files.writeDatabases(column: column)
    // The fresh run is a scenario: it works on copies of the databases, never on the session's.
    let outcome = await ScriptRunner(domains: context.domains).run(text: text, name: path, baseDirectory: script.deletingLastPathComponent())
    do throws(CommandError) {
      // The golden, then the script: both or neither.
      try ScenarioFiles.writeAll([(golden, Data(outcome.text.utf8)), (script, Data(text.utf8))], column: column)
    } catch {
      for url in made { unlink(url.path) }
      throw error
    }
    var notes: [OutputLine] = [
      .note("saved \(lines.count + 1) line\(lines.isEmpty ? "" : "s") to \(script.path) and the golden of a fresh run to \(golden.path)")
    ]
    if let start = files.startNote { notes.append(.note(start)) }
    notes.append(.note(Self.verdict(outcome, lines: lines, path: path)))
    return CommandOutput(notes)
  }

  /// Refuses a script whose `text` would not read back as `lines`, one for one: a line break or
  /// a control character in a line would split it, or run what follows it as a line of its own.
  @MainActor static func checkReadsBack(_ text: String, as lines: [String], column: Int) throws(CommandError) {
    let read = ScriptLines.lines(of: text)
    for (index, line) in lines.enumerated() where index >= read.count || read[index] != line || line.unicodeScalars.contains(where: { ControlCharacters.isEscaped($0) }) {
      throw CommandError(
        "cannot save line \(index + 1), `\(ControlCharacters.escaped(line, onOneLine: true).truncatedForMessage)`: it holds a line break or a control character, which a script cannot hold as typed; "
          + "write it with an escape in a string (`\\n`, `\\u{1B}`) and save again",
        column: column)
    }
  }

  /// Whether the fresh run printed, for each line the script holds as typed, what the session
  /// printed. Ids the session made at random and the fresh run counted (`…0001`) are set aside.
  static func verdict(_ outcome: ScriptRunner.Outcome, lines: [SessionRecording.ScriptLine], path: String) -> String {
    var chunks: [[String]] = []
    for line in outcome.transcript {
      if line.kind == .echo { chunks.append([]) } else if !chunks.isEmpty { chunks[chunks.count - 1].append(line.text) }
    }
    var idsDiffered = false
    for (index, line) in lines.enumerated() {
      guard let expected = line.sessionOutput else { continue }
      let fresh = index + 1 < chunks.count ? chunks[index + 1] : []
      guard fresh != expected else { continue }
      guard fresh.map(Self.idsAside) != expected.map(Self.idsAside) else {
        idsDiffered = true
        continue
      }
      let difference = zip(expected + [""], fresh + [""]).first { $0 != $1 } ?? ("", "")
      return "the fresh run differs at \(path):\(index + 2) `\(line.text.truncatedForMessage)`: the session printed `\(difference.0.truncatedForMessage)`, the fresh run `\(difference.1.truncatedForMessage)`"
        + " (a session on the network, or whose listeners read the clock, may not replay)"
    }
    if !outcome.succeeded {
      return "the fresh run failed: \(outcome.transcript.last?.text ?? "")"
    }
    return idsDiffered
      ? "the fresh run saw what the session saw, but for the ids it made: the session's were random, the script's are counted (…0001)"
      : "the fresh run saw what the session saw"
  }

  /// A line with its UUIDs replaced by `[uuid]`.
  private static func idsAside(_ line: String) -> String {
    Redaction.uuids.apply(to: line, folders: RedactedFolders(scratch: "", workingDirectory: ""))
  }
}

extension SaveCommand {
  /// The options `save` takes.
  static let options = CommandOptions([Option.force])

  /// Each option of `save`.
  enum Option {
    static let force = CommandOption("--force", tool: "force", "overwrite an existing script, golden or starting database")
  }
}
