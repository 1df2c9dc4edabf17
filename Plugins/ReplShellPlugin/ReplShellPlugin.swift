import Foundation
import PackagePlugin

/// `swift package replshell <verb>`: the shell of the package that runs it, built and started on
/// the package's scenarios. The package's shell is the executable product whose main module
/// depends on `ReplShell` (or the one `--product` names).
///
/// - `check [paths]`: every scenario under `Scenarios/` (or the paths) against its golden. The new
///   transcript of a scenario that fails goes under the plugin's work folder, never beside the
///   script: this plugin may not write into the package.
/// - `explore <domain> [--invariant PREDICATE]… [explore options]`: `explore` on a fresh session
///   of the domain, the invariants checked after every action.
/// - `run [arguments]`: the shell with any of its flags (`run --script x.txt`); at the prompt (no
///   flag that runs scripts or serves MCP), the shell reads and writes the terminal itself.
///
/// Writing goldens is `swift package replshell-goldens update|review`, the plugin that asks for
/// permission to write into the package.
@main struct ReplShellPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let productName = extractor.extractOption(named: "product").last
    var rest = extractor.remainingArguments
    guard let verb = rest.first, verb != "help", verb != "--help", verb != "-h" else {
      print(Self.usage)
      return
    }
    rest.removeFirst()
    let shellArguments: [String]
    switch verb {
    case "check":
      let newGoldens = try Self.newGoldensFolder(in: context)
      do {
        try ShellProduct.run(
          productName, arguments: ["--check", "--new-goldens", newGoldens.path] + (rest.isEmpty ? ["Scenarios/"] : rest), context: context,
          packageManager: packageManager)
      } catch {
        // The shell ran and kept new transcripts: a scenario failed (not the build).
        if FileManager.default.fileExists(atPath: newGoldens.path) { print(Self.acceptAdvice(newGoldens)) }
        throw error
      }
      return
    case "explore":
      shellArguments = try ["--script", Self.exploreScript(rest, in: context).path]
    case "run":
      let arguments = rest.first == "--" ? Array(rest.dropFirst()) : rest
      try ShellProduct.run(
        productName, arguments: arguments, atTerminal: ShellProduct.readsKeys(arguments), context: context, packageManager: packageManager)
      return
    default:
      throw PluginFailure(
        "unknown verb `\(verb)`: \(Self.verbs); `swift package --allow-writing-to-package-directory replshell-goldens update` writes goldens")
    }
    try ShellProduct.run(productName, arguments: shellArguments, context: context, packageManager: packageManager)
  }

  static let verbs = "the verbs are check, explore and run"

  /// Where `check` leaves the new transcripts of the scenarios that fail: a folder of the plugin's
  /// own, emptied before each check so that it holds only this run's.
  static func newGoldensFolder(in context: PluginContext) throws -> URL {
    let folder = context.pluginWorkDirectoryURL.appendingPathComponent("new-goldens")
    if FileManager.default.fileExists(atPath: folder.path) {
      try FileManager.default.removeItem(at: folder)
    }
    return folder
  }

  /// What to run after a failed check, the new transcripts being in `folder`.
  static func acceptAdvice(_ folder: URL) -> String {
    """
    The new transcripts of the failing scenarios are under \(folder.path).
    Accept them after reading the diffs: swift package --allow-writing-to-package-directory replshell-goldens update
    or one by one:                       swift package --allow-writing-to-package-directory replshell-goldens review
    """
  }

  static let usage = """
    usage: swift package replshell [--product NAME] <verb> [arguments]
      check [paths]                 check the scenarios (default: Scenarios/) against their goldens
      explore <domain> [--invariant PREDICATE]... [explore options]
                                    explore the domain's actions, the invariants checked after each
      run [arguments]               start the package's shell: at the prompt, or with its flags (run -- --script x.txt)
    swift package --allow-writing-to-package-directory replshell-goldens update|review [paths]
                                    accept new transcripts as goldens, all at once or one by one
    The shell is the executable product that depends on ReplShell, or --product NAME.
    """

  /// A script that starts `domain` (the first argument), holds each `--invariant` and explores
  /// with the other options, in a temporary folder of the plugin's.
  static func exploreScript(_ arguments: [String], in context: PluginContext) throws -> URL {
    guard let domain = arguments.first, !domain.hasPrefix("-") else {
      throw PluginFailure("explore needs a domain first: swift package replshell explore <domain> --invariant 'selectCount >= 0' --runs 500")
    }
    var lines = ["use \(domain)"]
    var options: [String] = []
    var words = arguments.dropFirst()[...]
    while let word = words.popFirst() {
      if word == "--invariant" {
        guard let predicate = words.popFirst() else { throw PluginFailure("--invariant needs a predicate, such as --invariant 'selectCount >= 0'") }
        lines.append("invariant \(predicate)")
      } else {
        options.append(word)
      }
    }
    lines.append((["explore"] + options).joined(separator: " "))
    let script = context.pluginWorkDirectoryURL.appendingPathComponent("explore.txt")
    try (lines.joined(separator: "\n") + "\n").write(to: script, atomically: true, encoding: .utf8)
    return script
  }
}
