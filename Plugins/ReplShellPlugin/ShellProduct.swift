import Foundation
import PackagePlugin

/// The package's shell: found among its executable products, built by the package manager, and run
/// in the package's folder. (One file, linked into both plugins.)
///
/// A plugin's own standard input is not the terminal (`swift package` reads none for it), so a
/// shell that must read keys (the prompt, `--review`) is lent the terminal itself when the process
/// has one (`ForegroundTerminal`).
enum ShellProduct {
  /// Builds the shell (`named`, else the one executable whose main module depends on `ReplShell`)
  /// and runs it with `arguments`, at the terminal when `atTerminal` and there is one; throws when
  /// it cannot be built or exits with a failure.
  static func run(
    _ named: String?, arguments: [String], atTerminal: Bool = false, context: PluginContext, packageManager: PackageManager
  ) throws {
    let product = try find(named, in: context.package)
    print("building \(product.name)…")
    let build = try packageManager.build(.product(product.name), parameters: .init(configuration: .debug, logging: .concise))
    guard build.succeeded else {
      print(build.logText)
      throw PluginFailure("\(product.name) did not build (above)")
    }
    guard let executable = build.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == product.name }) else {
      throw PluginFailure("\(product.name) built, but its executable is not among the build's artifacts")
    }
    let process = Process()
    process.executableURL = executable.url
    process.arguments = arguments
    process.currentDirectoryURL = context.package.directoryURL
    let terminal = atTerminal ? ForegroundTerminal() : nil
    terminal?.attach(process)
    try process.run()
    terminal?.lend(to: process)
    process.waitUntilExit()
    terminal?.giveBack()
    guard process.terminationStatus == 0 else {
      throw PluginFailure("\(product.name) \(arguments.joined(separator: " ")) exited with status \(process.terminationStatus)")
    }
  }

  /// Whether the shell run with `arguments` reads the user's keys: not with a flag that runs
  /// scripts or serves a protocol over standard input and output.
  static func readsKeys(_ arguments: [String]) -> Bool {
    let unattended: Set = ["--script", "--check", "--update", "--mcp", "--format", "--junit", "--new-goldens"]
    return !arguments.contains { unattended.contains($0.split(separator: "=").first.map(String.init) ?? $0) }
  }

  /// The product `named`, or the one executable product whose main module depends on `ReplShell`.
  static func find(_ named: String?, in package: Package) throws -> ExecutableProduct {
    let executables = package.products(ofType: ExecutableProduct.self)
    if let named {
      guard let product = executables.first(where: { $0.name == named }) else {
        throw PluginFailure("no executable product `\(named)`; this package has \(executables.map(\.name).joined(separator: ", "))")
      }
      return product
    }
    let shells = executables.filter { product in
      product.mainTarget.dependencies.contains { dependency in
        if case .product(let library) = dependency { library.name == "ReplShell" } else { false }
      }
    }
    guard shells.count == 1, let shell = shells.first else {
      throw PluginFailure(
        shells.isEmpty
          ? "no executable product of this package depends on ReplShell; give one with --product NAME"
          : "several executables depend on ReplShell (\(shells.map(\.name).joined(separator: ", "))); pick one with --product NAME")
    }
    return shell
  }
}

/// A failure the plugin reports as its error, ending `swift package` with a failure.
struct PluginFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
