import ArgumentParser
import Foundation
import Scenarios

/// `replshell`: drive an ImmutableData store by typing actions, or run scenario scripts as golden tests.
@main struct ReplShellCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replshell",
    abstract: "An interactive shell for ImmutableData stores, and a golden-test runner for scenario scripts.",
    discussion: """
      Interactive: `replshell` starts the counter domain; `replshell animals` starts another.
      Type `help` at the prompt for the commands. Ctrl-D leaves.

      Scripts: `replshell --script Scenarios/counter.txt` prints the transcript;
      add `--check` to compare it with Scenarios/counter.golden (exit 1 and a diff on mismatch),
      or `--update` to rewrite the golden after reviewing the change.

      Without a terminal on standard input, commands are read from it like a script:
        echo 'dispatch didTapIncrementButton' | replshell
      """)

  @Argument(help: "The domain to start interactively: \(Domain.all.map(\.name).joined(separator: ", ")).")
  var domain: String = "counter"

  @Option(name: .customLong("script"), help: ArgumentHelp("Run a scenario script (repeatable).", valueName: "file"))
  var scripts: [String] = []

  @Flag(help: "Compare each script's transcript with its golden file (quakes.txt → quakes.golden).")
  var check = false

  @Flag(help: "Write each script's transcript to its golden file.")
  var update = false

  @Option(name: .customLong("debug"), help: ArgumentHelp("Switch on a debug category: actions, state, effects, selectors, all (repeatable).", valueName: "category"))
  var debugCategories: [String] = []

  @Flag(help: "Never color the output (colors are also off when NO_COLOR is set or output is not a terminal).")
  var noColor = false

  func validate() throws {
    if check && update {
      throw ValidationError("use either --check or --update, not both")
    }
    if (check || update) && scripts.isEmpty {
      throw ValidationError("--check and --update need at least one --script FILE")
    }
    if !Domain.all.contains(where: { $0.name == domain }) {
      throw ValidationError("unknown domain '\(domain)'; known domains: \(Domain.all.map(\.name).joined(separator: ", "))")
    }
  }

  @MainActor func run() async throws {
    let output = TerminalOutput(colors: !noColor)
    if !scripts.isEmpty {
      let runner = ScriptMode(output: output, debugCategories: debugCategories)
      let succeeded = await runner.run(scripts: scripts, mode: check ? .check : update ? .update : .print)
      throw ExitCode(succeeded ? 0 : 1)
    }
    let interactive = InteractiveMode(output: output, domain: domain, debugCategories: debugCategories)
    let succeeded = await interactive.run()
    throw ExitCode(succeeded ? 0 : 1)
  }
}
