import ArgumentParser
import Foundation
import Scenarios

/// The command line of a shell built on this library (`replshell`, or a client's `ReplShellApp`):
/// drive a store by typing actions, or run scenario scripts as golden tests.
struct ReplShellCommand<App: ReplShellApp>: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    let name = programName
    let first = App.domains.first?.name ?? "DOMAIN"
    let example = App.domains.count > 1 ? " `\(name) \(App.domains[1].name)` starts another." : ""
    return CommandConfiguration(
      commandName: name,
      abstract: "An interactive shell for ImmutableData stores, and a golden-test runner for scenario scripts.",
      discussion: """
        Interactive: `\(name)` starts the \(first) domain.\(example)
        Type `help` at the prompt for the commands. Ctrl-D leaves.

        Scripts: `\(name) --script Scenarios/\(first).txt` prints the transcript;
        add `--check` to compare it with Scenarios/\(first).golden (exit 1 and a diff on mismatch),
        or `--update` to rewrite the golden after reviewing the change.

        Without a terminal on standard input, commands are read from it like a script:
          echo 'help' | \(name)
        """)
  }

  /// The executable's own name, as the user typed it.
  private static var programName: String {
    CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "replshell"
  }

  @Argument(help: "The domain to start interactively: \(App.domains.map(\.name).joined(separator: ", ")) (default: the first).")
  var domain: String?

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

  @Flag(help: "Serve the Model Context Protocol on standard input and output: each command is a tool for a coding agent.")
  var mcp = false

  func validate() throws {
    if check && update {
      throw ValidationError("use either --check or --update, not both")
    }
    if (check || update) && scripts.isEmpty {
      throw ValidationError("--check and --update need at least one --script FILE")
    }
    if mcp && !scripts.isEmpty {
      throw ValidationError("--mcp serves one session; run scripts without it, or send their lines as tool calls")
    }
    if App.domains.isEmpty {
      throw ValidationError("this shell lists no domains: give `static let domains: [Domain]` at least one")
    }
    if let domain, !App.domains.contains(where: { $0.name == domain }) {
      throw ValidationError("unknown domain '\(domain)'; known domains: \(App.domains.map(\.name).joined(separator: ", "))")
    }
  }

  @MainActor func run() async throws {
    let output = TerminalOutput(colors: !noColor)
    if !scripts.isEmpty {
      let runner = ScriptMode(domains: App.domains, output: output, debugCategories: debugCategories)
      let succeeded = await runner.run(scripts: scripts, mode: check ? .check : update ? .update : .print)
      throw ExitCode(succeeded ? 0 : 1)
    }
    if mcp {
      let server = MCPMode(domains: App.domains, domain: domain ?? App.domains[0].name, programName: Self.programName, version: App.version)
      throw ExitCode(await server.run() ? 0 : 1)
    }
    let interactive = InteractiveMode(
      domains: App.domains, domain: domain ?? App.domains[0].name, programName: Self.programName, output: output,
      debugCategories: debugCategories)
    let succeeded = await interactive.run()
    throw ExitCode(succeeded ? 0 : 1)
  }
}
