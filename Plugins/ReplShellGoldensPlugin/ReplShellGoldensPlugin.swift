import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory replshell-goldens update|review [paths]`:
/// the package's shell rewrites its goldens from new transcripts — all at once (`update`, after
/// the diffs were read) or one by one, each diff accepted or not (`review`). The one plugin that
/// writes into the package, so the one that asks for permission.
@main struct ReplShellGoldensPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let productName = extractor.extractOption(named: "product").last
    var rest = extractor.remainingArguments
    guard let verb = rest.first, verb == "update" || verb == "review" else {
      print("usage: swift package --allow-writing-to-package-directory replshell-goldens [--product NAME] update|review [paths]")
      if let verb = rest.first, !["help", "--help", "-h"].contains(verb) { throw PluginFailure("unknown verb `\(verb)`: update or review") }
      return
    }
    rest.removeFirst()
    let paths = rest.isEmpty ? ["Scenarios/"] : rest
    // `review` reads one key per diff: the shell gets the terminal.
    try ShellProduct.run(
      productName, arguments: ["--\(verb)"] + paths, atTerminal: verb == "review", context: context, packageManager: packageManager)
  }
}
