import ArgumentParser
import Foundation
import Linearizability
import ReplShellFoundation
import Scenarios
import StateValues

/// `replshell linearize [--domain NAME] FILE...`: checks Jepsen histories against a model
/// written as a reducer, and explains a failure with a minimal witness.
struct LinearizeCommand<App: ReplShellApp>: ParsableCommand {
  static var configuration: CommandConfiguration {
    let name = programName
    let domains = App.linearizabilityDomains
    let list = domains.map { "  \($0.name): \($0.summary)" }.joined(separator: "\n")
    return CommandConfiguration(
      commandName: "\(name) linearize",
      abstract: "Check concurrent histories for linearizability against a reducer as the sequential specification.",
      discussion: """
        A history is one op per line, as Jepsen writes history.edn \
        ({:process 0, :type :invoke, :f :read, :value nil}), as JSON lines with the same keys, or \
        as Jepsen's log (INFO  jepsen.util - 0 :invoke :read nil). :type is :invoke, :ok, :fail or \
        :info; an :info op (or an invocation that never completed) may have taken effect at any \
        point after its invocation, or never.

        Models (--domain):
        \(list)

        A history that is not linearizable is shrunk to a witness (operations dropped while it \
        still fails), drawn as a column per client, with the longest order the model allows and \
        the operation that cannot follow it.

          \(name) linearize --domain kv history.edn
          \(name) linearize --timeout 30s --html witness.html etcd_*.log

        Every check is bounded, given limits or not: a history of at most 32 MiB and 250,000 \
        operations, a search of at most 20,000,000 steps, a witness drawn in at most 200 lines. \
        A check that runs out answers unknown, naming the option to raise.

        Exit status: 0 when every history is linearizable, 1 when one is not, 2 when the time or \
        another limit ran out before a verdict, 65 for a history that cannot be read (its \
        file:line is printed), 64 for a command line it cannot read.
        """)
  }

  private static var programName: String {
    CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "replshell"
  }

  @Option(help: ArgumentHelp("The model to check against (default: the first listed below).", valueName: "name"))
  var domain: String?

  @Option(
    help: ArgumentHelp("The most time each history's check may take; past it the answer is `unknown` (`500ms`, `30s`, `2m`; a bare number is seconds). Shrinking a failure gets as much again (60 s without --timeout) and keeps the smallest witness found.", valueName: "duration"),
    transform: { text throws(ValidationError) in try LinearizeTimeout.duration(parsing: text) })
  var timeout: Duration?

  @Option(help: ArgumentHelp("The most steps each history's search may take (default 20000000); past it the answer is `unknown`.", valueName: "n"))
  var maxSteps: Int?

  @Option(help: ArgumentHelp("The most operations a history may have (default 250000).", valueName: "n"))
  var maxOperations: Int?

  @Option(help: ArgumentHelp("The largest history read, in bytes (default 33554432, 32 MiB).", valueName: "n"))
  var maxBytes: Int?

  @Option(help: ArgumentHelp("The most lines a witness is drawn with (default 200).", valueName: "n"))
  var maxWitnessLines: Int?

  @Option(name: .customLong("html"), help: ArgumentHelp("Write a page drawing the first failing history per client, its witness highlighted.", valueName: "file"))
  var htmlPath: String?

  @Flag(help: "Let --html replace a file that exists.")
  var force = false

  @Flag(help: "Print only the verdicts: no witness is shrunk or drawn.")
  var noWitness = false

  @Argument(help: ArgumentHelp("History files.", valueName: "file"))
  var files: [String] = []

  func validate() throws {
    if files.isEmpty {
      throw ValidationError("give one or more history files, such as `\(Self.programName) linearize --domain kv history.edn`")
    }
    if let domain, !App.linearizabilityDomains.contains(where: { $0.name == domain }) {
      let names = App.linearizabilityDomains.map(\.name)
      let nearest = Suggestions.closest(to: domain, among: names, limit: 1).first.map { "did you mean '\($0)'? " } ?? ""
      throw ValidationError("unknown model '\(domain)'; \(nearest)known: \(names.joined(separator: ", "))")
    }
    if App.linearizabilityDomains.isEmpty {
      throw ValidationError("this shell lists no models: give `static let linearizabilityDomains` at least one")
    }
    if noWitness && htmlPath != nil {
      throw ValidationError("--html draws the witness: leave out --no-witness")
    }
    for (flag, value) in [("--max-steps", maxSteps), ("--max-operations", maxOperations), ("--max-bytes", maxBytes), ("--max-witness-lines", maxWitnessLines)] {
      if let value, value <= 0 { throw ValidationError("\(flag) takes a whole number > 0, such as `\(flag) 1000000`") }
    }
    // The page's file is refused before the check runs, not after it.
    if let htmlPath {
      do {
        try FileReach.anywhere.checkWritable(htmlPath, replacing: force, forceHint: "add --force to replace it")
      } catch {
        throw ValidationError(error.description)
      }
    }
  }

  func run() throws {
    let domains = App.linearizabilityDomains
    let chosen = domains.first { $0.name == domain } ?? domains[0]
    var checker = LinearizeRun(domain: chosen)
    checker.timeout = timeout
    checker.explains = !noWitness
    if let maxSteps { checker.budget.maximumSteps = maxSteps }
    if let maxOperations { checker.budget.maximumOperations = maxOperations }
    if let maxBytes { checker.budget.maximumBytes = maxBytes }
    if let maxWitnessLines { checker.budget.maximumWitnessLines = maxWitnessLines }
    var reports: [LinearizeRun.Report] = []
    var drawn = false
    // The files are checked on every core; their reports come in the order of `files`.
    try checker.check(paths: files) { report in
      reports.append(report)
      let text = report.lines.joined(separator: "\n") + "\n"
      if report.outcome == .malformed {
        FileHandle.standardError.write(Data(text.utf8))
      } else {
        FileHandle.standardOutput.write(Data(text.utf8))
      }
      if let htmlPath, !drawn, let failure = report.failure {
        drawn = true
        let page = HistoryPage(history: failure.part, witness: failure.witness, verdict: "not linearizable")
        do {
          try FileReach.anywhere.write(Array(page.html.utf8), to: htmlPath, replacing: force)
          FileHandle.standardOutput.write(Data("wrote \(htmlPath)\n".utf8))
        } catch {
          FileHandle.standardError.write(Data("\(error)\n".utf8))
          throw ExitCode(73)
        }
      }
    }
    if htmlPath != nil && !drawn {
      FileHandle.standardOutput.write(Data("no history failed: --html wrote nothing\n".utf8))
    }
    if files.count > 1 {
      let count = { (outcome: LinearizeRun.Outcome) in reports.filter { $0.outcome == outcome }.count }
      let line = "histories: \(count(.linearizable)) linearizable, \(count(.notLinearizable)) not, \(count(.unknown)) unknown, \(count(.malformed)) unreadable\n"
      FileHandle.standardOutput.write(Data(line.utf8))
    }
    throw ExitCode(LinearizeRun.status(of: reports))
  }
}

/// What `--timeout` reads, apart from the generic command so that its parsing closure captures no `App`.
enum LinearizeTimeout {
  /// `500ms`, `30s`, `2m` or a number of seconds.
  static func duration(parsing text: String) throws(ValidationError) -> Duration {
    if let duration = DurationText.parse(text) { return duration }
    throw ValidationError("--timeout takes a duration such as `500ms`, `30s` or `2m`, not `\(text)`")
  }
}
