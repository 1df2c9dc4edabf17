import Linearizability

/// `linearize [--domain NAME] <FILE>...`: checks Jepsen histories for linearizability against
/// one of the shell's models (the register and key-value samples, and those its app lists), as
/// `replshell linearize` does on the command line; a history that is not linearizable is an
/// error carrying its shrunk witness, so a script fails on it.
struct LinearizeShellCommand: ShellCommand {
  static let description = CommandDescription(
    name: "linearize", usage: "linearize [--domain NAME] <FILE>...", group: .testing,
    synopsis: "checks concurrent histories for linearizability against a model",
    summary: "checks Jepsen histories (EDN, JSON lines or Jepsen logs; paths relative to the script) for linearizability against a model: the register (default), key-value (`kv`) or one the shell's app lists (`replshell linearize --help` names them); one that is not linearizable fails with its shrunk witness drawn per client, one that cannot be read fails with file:line; reads the files and changes nothing",
    examples: ["linearize history.edn", "linearize --domain kv history.edn"],
    toolArguments: [
      ToolArgument("domain", "the model: `register` (the default), `kv`, or one the shell's app lists (`animals-server` in replshell)", isRequired: false, kind: .textOption("--domain")),
      ToolArgument("file", "the history file, e.g. `history.edn`"),
    ])
  // It reads files the user names and writes nothing: to the session and the store, as to MCP's
  // annotations, it is read-only.
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.omitted

  let paths: [(text: String, column: Int)]
  let domain: LinearizabilityDomain

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> LinearizeShellCommand {
    var words = try arguments.words()
    let models = LinearizabilityDomain.shellModels
    var domain = models[0]
    if words.first?.text == "--domain" {
      guard words.count > 1 else {
        throw CommandError("--domain needs a model: \(models.map { "`\($0.name)`" }.joined(separator: ", "))", column: words[0].column)
      }
      guard let found = models.first(where: { $0.name == words[1].text }) else {
        let names = models.map(\.name)
        let nearest = Suggestions.closest(to: words[1].text, among: names, limit: 1).first.map { "did you mean `\($0)`? " } ?? ""
        throw CommandError("unknown model `\(words[1].text.truncatedForMessage)`; \(nearest)known: \(names.joined(separator: ", "))", column: words[1].column)
      }
      domain = found
      words.removeFirst(2)
    }
    if let option = words.first(where: { $0.text.hasPrefix("--") }) {
      throw CommandError("linearize takes only `--domain NAME` before its files; remove `\(option.text.truncatedForMessage)`", column: option.column)
    }
    guard !words.isEmpty else {
      throw CommandError("linearize needs history files, e.g. `linearize --domain kv history.edn`", column: arguments.column)
    }
    return LinearizeShellCommand(paths: words.map { ($0.text, $0.column) }, domain: domain)
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    if request.words.last == "--domain" { return request.offer(LinearizabilityDomain.shellModels.map(\.name)) }
    if request.word.hasPrefix("-") { return request.offer(["--domain"]) }
    return request.scriptPath(from: context.baseDirectory)
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    let run = LinearizeRun(domain: domain)
    var lines: [String] = []
    for path in paths {
      let report = run.check(path: try context.paths.url(forPath: path.text, for: .read, column: path.column).path)
      let shown = report.lines.map { $0.replacingFirst(report.source, with: path.text) }
      switch report.outcome {
      case .linearizable, .unknown: lines += shown
      case .notLinearizable, .malformed: throw CommandError((lines + shown).joined(separator: "\n"), column: path.column)
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
