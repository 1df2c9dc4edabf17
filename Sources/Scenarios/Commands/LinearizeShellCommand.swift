import Linearizability
import ReplShellFoundation

/// `linearize [--domain NAME] [LIMITS] <FILE>...`: checks Jepsen histories for linearizability
/// against one of the shell's models (the register and key-value samples, and those its app
/// lists), as `replshell linearize` does on the command line; a history that is not
/// linearizable is an error carrying its shrunk witness, so a script fails on it. The check runs
/// off the main actor within its budget (the default one unless limits are given), and stops
/// when the command is cancelled (an MCP client's cancellation).
struct LinearizeShellCommand: ShellCommand {
  static let description = CommandDescription(
    name: "linearize", usage: "linearize [--domain NAME] [--timeout D] [--max-steps N] [--max-operations N] [--max-bytes N] [--max-witness-lines N] <FILE>...", group: .testing,
    synopsis: "checks concurrent histories for linearizability against a model",
    summary: "checks Jepsen histories (EDN, JSON lines or Jepsen logs; paths relative to the script) for linearizability against a model: the register (default), key-value (`kv`) or one the shell's app lists (`replshell linearize --help` names them); one that is not linearizable fails with its shrunk witness drawn per client, one that cannot be read fails with file:line; every check is bounded (by default 20,000,000 search steps, 250,000 operations, 32 MiB, 200 witness lines) and one that runs out is unknown, naming the option to raise; reads the files and changes nothing",
    examples: ["linearize history.edn", "linearize --domain kv history.edn"],
    toolArguments: [
      ToolArgument("domain", "the model: `register` (the default), `kv`, or one the shell's app lists (`animals-server` in replshell)", isRequired: false, kind: .textOption("--domain")),
      ToolArgument("timeout", "the most time each history may take, e.g. `30s`; past it the answer is unknown", isRequired: false, kind: .textOption("--timeout")),
      ToolArgument("max_steps", "the most steps each search may take (default 20000000)", isRequired: false, kind: .numberOption("--max-steps")),
      ToolArgument("max_operations", "the most operations a history may have (default 250000)", isRequired: false, kind: .numberOption("--max-operations")),
      ToolArgument("max_bytes", "the largest history read, in bytes (default 33554432)", isRequired: false, kind: .numberOption("--max-bytes")),
      ToolArgument("max_witness_lines", "the most lines a witness is drawn with (default 200)", isRequired: false, kind: .numberOption("--max-witness-lines")),
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

  static let options = ["--domain", "--timeout", "--max-steps", "--max-operations", "--max-bytes", "--max-witness-lines"]

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> LinearizeShellCommand {
    var words = try arguments.words()[...]
    let models = LinearizabilityDomain.shellModels
    var domain = models[0]
    var timeout: Duration?
    var budget = LinearizeBudget()
    while let flag = words.first, flag.text.hasPrefix("--") {
      words.removeFirst()
      guard Self.options.contains(flag.text) else {
        throw CommandError("linearize takes \(Self.options.joined(separator: ", ")) before its files; remove `\(flag.text.truncatedForMessage)`", column: flag.column)
      }
      guard let value = words.popFirst() else {
        if flag.text == "--domain" {
          throw CommandError("--domain needs a model: \(models.map { "`\($0.name)`" }.joined(separator: ", "))", column: flag.column)
        }
        throw CommandError("\(flag.text) needs a value, e.g. `\(flag.text) \(flag.text == "--timeout" ? "30s" : "1000000")`", column: flag.column)
      }
      switch flag.text {
      case "--domain":
        guard let found = models.first(where: { $0.name == value.text }) else {
          let names = models.map(\.name)
          let nearest = Suggestions.closest(to: value.text, among: names, limit: 1).first.map { "did you mean `\($0)`? " } ?? ""
          throw CommandError("unknown model `\(value.text.truncatedForMessage)`; \(nearest)known: \(names.joined(separator: ", "))", column: value.column)
        }
        domain = found
      case "--timeout": timeout = try duration(value)
      case "--max-steps": budget.maximumSteps = try positive(value, flag.text)
      case "--max-operations": budget.maximumOperations = try positive(value, flag.text)
      case "--max-bytes": budget.maximumBytes = try positive(value, flag.text)
      default: budget.maximumWitnessLines = try positive(value, flag.text)
      }
    }
    if let option = words.first(where: { $0.text.hasPrefix("--") }) {
      throw CommandError("linearize takes its options before its files; move `\(option.text.truncatedForMessage)` before them", column: option.column)
    }
    guard !words.isEmpty else {
      throw CommandError("linearize needs history files, e.g. `linearize --domain kv history.edn`", column: arguments.column)
    }
    return LinearizeShellCommand(paths: words.map { ($0.text, $0.column) }, domain: domain, timeout: timeout, budget: budget)
  }

  private static func positive(_ word: ShellWords.Word, _ flag: String) throws(CommandError) -> Int {
    guard let number = Int(word.text), number > 0 else { throw CommandError("\(flag) takes a whole number > 0, e.g. `\(flag) 1000000`", column: word.column) }
    return number
  }

  private static func duration(_ word: ShellWords.Word) throws(CommandError) -> Duration {
    if let duration = DurationText.parse(word.text, bareSeconds: false) { return duration }
    throw CommandError("--timeout takes a duration such as `30s`, `500ms` or `2m`", column: word.column)
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    if request.words.last == "--domain" { return request.offer(LinearizabilityDomain.shellModels.map(\.name)) }
    if request.word.hasPrefix("-") { return request.offer(Self.options) }
    return request.scriptPath(from: context.baseDirectory)
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    var run = LinearizeRun(domain: domain)
    run.timeout = timeout
    run.budget = budget
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
    for (file, report) in zip(files, reports) {
      let shown = report.lines.map { $0.replacingFirst(report.source, with: file.path) }
      switch report.outcome {
      case .linearizable, .unknown: lines += shown
      case .notLinearizable, .malformed: throw CommandError((lines + shown).joined(separator: "\n"), column: file.column)
      }
    }
    return CommandOutput(lines.map { OutputLine.plain($0) })
  }
}

extension String {
  /// The text with its first `target` (when it starts with it) replaced: a report names the
  /// file as typed, not as resolved.
  fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
    hasPrefix(target) ? replacement + dropFirst(target.count) : self
  }
}
