import Linearizability
import ReplShellCommands
import ReplShellFoundation
import ReplShellSession
import SessionProtocol
import StateValues

/// `linearize [--domain NAME] [LIMITS] <FILE>...`: checks Jepsen histories for linearizability
/// against one of the shell's models (the register and key-value samples, and those its app
/// lists), as `replshell linearize` does on the command line; a history that is not
/// linearizable is an error carrying its shrunk witness, so a script fails on it. The check runs
/// off the main actor within its budget (the default one unless limits are given), and stops
/// when the command is cancelled (an MCP client's cancellation).
struct LinearizeShellCommand: ShellCommand {
  static let description = CommandDescription(
    name: "linearize", usage: options.usage("linearize", operands: "<FILE>..."), group: .testing,
    synopsis: "checks concurrent histories for linearizability against a model",
    summary: "checks Jepsen histories (EDN, JSON lines or Jepsen logs; paths relative to the script) for linearizability against a model: the register (default), key-value (`kv`) or one the shell's app lists (`replshell linearize --help` names them); one that is not linearizable fails with its shrunk witness drawn per client, one that cannot be read fails with file:line; every check is bounded (by default 20,000,000 search steps, 250,000 operations, 32 MiB, 200 witness lines) and one that runs out is unknown, naming the option to raise; reads the files and changes nothing",
    examples: ["linearize history.edn", "linearize --domain kv history.edn"],
    toolArguments: options.toolArguments + [
      ToolArgument("file", "the history file, e.g. `history.edn`"),
    ])
  // It reads files the user names and writes nothing: to the session and the store, as to MCP's
  // annotations, it is read-only.
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.omitted

  let paths: [(text: String, column: Int)]
  let domain: LinearizabilityDomain
  let timeout: Duration?
  let budget: LinearizeBudget

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> LinearizeShellCommand {
    let parsed = try options.parse(arguments)
    let models = LinearizabilityDomain.shellModels
    var budget = LinearizeBudget()
    budget.maximumSteps = parsed.number(Option.maxSteps) ?? budget.maximumSteps
    budget.maximumOperations = parsed.number(Option.maxOperations) ?? budget.maximumOperations
    budget.maximumBytes = parsed.number(Option.maxBytes) ?? budget.maximumBytes
    budget.maximumWitnessLines = parsed.number(Option.maxWitnessLines) ?? budget.maximumWitnessLines
    let domain = parsed.word(Option.domain).flatMap { word in models.first { $0.name == word.text } } ?? models[0]
    let words = try parsed.rest.words()
    if let option = words.first(where: { $0.text.hasPrefix("--") }) {
      throw CommandError("linearize takes its options before its files; move `\(option.text.truncatedForMessage)` before them", column: option.column)
    }
    guard !words.isEmpty else {
      throw CommandError("linearize needs history files, e.g. `linearize --domain kv history.edn`", column: arguments.column)
    }
    return LinearizeShellCommand(paths: words.map { ($0.text, $0.column) }, domain: domain, timeout: parsed.duration(Option.timeout), budget: budget)
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    options.completion(for: request) { _ in request.scriptPath(from: context.baseDirectory) }
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    var run = LinearizeRun(domain: domain)
    run.timeout = timeout
    // The line's own budget (an MCP call's time) ends the check no later than `--timeout` does.
    run.budget = budget
    run.budget.shared = run.budget.shared.ending(by: Budget.current.deadline)
    var files: [(path: String, resolved: String, column: Int)] = []
    for path in paths {
      files.append((path.text, try context.paths.url(forPath: path.text, for: .read, column: path.column).path, path.column))
    }
    // The check runs off the main actor, which goes on serving (an MCP client's cancellation
    // among the rest); cancelling this command cancels it, and it stops within its budget.
    let work = Task.detached { () -> [LinearizeRun.Report] in
      var reports: [LinearizeRun.Report] = []
      for file in files {
        let report = run.check(path: file.resolved)
        reports.append(report)
        if report.outcome == .notLinearizable || report.outcome == .malformed || Task.isCancelled { break }
      }
      return reports
    }
    let reports = await withTaskCancellationHandler { await work.value } onCancel: { work.cancel() }
    var lines: [String] = []
    // The verdicts as data go out before the error that prints a failed one: the transcript
    // prints the lines once, from the report or from the error.
    let value = LinearizeReport(checked: zip(files, reports).map { ($0.path, $1) }).json
    for (file, report) in zip(files, reports) {
      let shown = report.lines.map { $0.replacingFirst(report.source, with: file.path) }
      switch report.outcome {
      case .linearizable, .unknown: lines += shown
      case .notLinearizable, .malformed:
        context.events.emit(.report(ReportEvent(tool: .linearize, lines: [], value: value)))
        throw CommandError((lines + shown).joined(separator: "\n"), column: file.column)
      }
    }
    context.events.emit(.report(ReportEvent(tool: .linearize, lines: lines.map { OutputLine.plain($0) }, value: value)))
    return CommandOutput([])
  }
}

extension LinearizeShellCommand {
  /// The options `linearize` takes, before its files; an unknown one is said with them.
  static let options: CommandOptions = CommandOptions(
    [Option.domain, Option.timeout, Option.maxSteps, Option.maxOperations, Option.maxBytes, Option.maxWitnessLines],
    unknownOption: { typed, commandWord in
      let nearest = Suggestions.closest(to: typed, among: options.names, limit: 1).first.map { "did you mean `\($0)`? " } ?? ""
      return "\(commandWord) takes \(options.names.joined(separator: ", ")) before its files; \(nearest)remove `\(typed.truncatedForMessage)`"
    })

  /// Each option of `linearize`.
  enum Option {
    static let domain = CommandOption(
      "--domain", .choice(noun: "model", values: { LinearizabilityDomain.shellModels.map(\.name) }), placeholder: "NAME", example: "kv", tool: "domain",
      "the model: `register` (the default), `kv`, or one the shell's app lists (`animals-server` in replshell)")
    static let timeout = CommandOption(
      "--timeout", .duration, placeholder: "D", example: "30s", tool: "timeout",
      "the most time each history may take, e.g. `30s`; past it the answer is unknown")
    static let maxSteps = CommandOption(
      "--max-steps", .number(minimum: 1), placeholder: "N", example: "1000000", tool: "max_steps", "the most steps each search may take (default 20000000)")
    static let maxOperations = CommandOption(
      "--max-operations", .number(minimum: 1), placeholder: "N", example: "1000000", tool: "max_operations",
      "the most operations a history may have (default 250000)")
    static let maxBytes = CommandOption(
      "--max-bytes", .number(minimum: 1), placeholder: "N", example: "1000000", tool: "max_bytes", "the largest history read, in bytes (default 33554432)")
    static let maxWitnessLines = CommandOption(
      "--max-witness-lines", .number(minimum: 1), placeholder: "N", example: "1000000", tool: "max_witness_lines",
      "the most lines a witness is drawn with (default 200)")
  }
}

extension String {
  /// The text with its first `target` (when it starts with it) replaced: a report names the
  /// file as typed, not as resolved.
  fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
    hasPrefix(target) ? replacement + dropFirst(target.count) : self
  }
}
