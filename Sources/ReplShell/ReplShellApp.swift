import Foundation
import Linearizability
import ReplShellDomain
import ReplShellHost
import ReplShellSession
import Scenarios

/// A complete `replshell` for an app: adopt it on an `@main` type, list the app's domains, and
/// the executable has the prompt, pipe and script modes, golden checks and every flag of
/// `replshell`.
///
/// ```swift
/// @main struct ShelfShell: ReplShellApp {
///   static let domains: [Domain] = [.shelf]
/// }
/// ```
///
/// To do set-up first (logging, configuration), write `main()` yourself and call `run()` last.
public protocol ReplShellApp {
  /// The domains the shell can `use`; the first starts when none is named on the command line.
  static var domains: [Domain] { get }
  /// The version `--mcp` reports to clients; by default the ReplShell library's own.
  static var version: String { get }
  /// The live inspector `--inspect` and the `inspect` command start, or nil (the default) for a
  /// shell without one. Add the `ReplShellInspector` product and return `WebInspector(host: host)`.
  @MainActor static func makeInspector(_ host: InspectorHost) -> (any SessionInspector)?
  /// The models `linearize --domain NAME` checks histories against; by default the register and
  /// key-value samples. Add the app's own: `LinearizabilityDomain(name:summary:model:)`.
  static var linearizabilityDomains: [LinearizabilityDomain] { get }
}

extension ReplShellApp {
  /// The ReplShell library's version.
  public static var version: String { "0.2.0" }

  /// No inspector: `inspect` says how to add one.
  @MainActor public static func makeInspector(_ host: InspectorHost) -> (any SessionInspector)? { nil }

  /// The register and key-value sample models.
  public static var linearizabilityDomains: [LinearizabilityDomain] { LinearizabilityDomain.samples }

  /// Reads `CommandLine.arguments` as `replshell` does, runs the shell, and exits the process
  /// with its status: 0 on success, 1 when a script, check or piped line failed, 64 on bad flags.
  /// `linearize` first runs the history checker instead (`replshell linearize --help`), and
  /// `against-serve` serves this revision's reducer to another's `explore --against`.
  public static func run() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    // The shell language's `linearize` (at the prompt, in scripts, over MCP) offers the app's models too.
    LinearizabilityDomain.offerInShell(linearizabilityDomains)
    if arguments.first == "linearize" {
      LinearizeCommand<Self>.main(Array(arguments.dropFirst()))
    }
    // Another revision's `explore --against` runs this one's reducer over its standard streams.
    if arguments.first == AgainstServer.argument {
      let name = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "replshell"
      exit(AgainstServer.serve(domains: domains, shell: "\(name) \(version)"))
    }
    await ReplShellCommand<Self>.main(ReplShellCommand<Self>.arguments(withInspectPort: Array(CommandLine.arguments.dropFirst())))
  }

  /// The entry point of an `@main` type: `run()`.
  public static func main() async {
    await run()
  }
}
