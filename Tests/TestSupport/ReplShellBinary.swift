import Foundation

/// The `replshell` executable the tests run as a subprocess: the one built beside the test bundle
/// (`swift build` puts every product of one build in one folder), never another build's copy.
/// A missing or stale executable is a failure that says what to run, not a skipped test.
package enum ReplShellBinary {
  /// The package's root folder, found from this file's location.
  package static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The executable, or an error naming the command that builds it.
  package static var url: URL {
    get throws(Problem) { try located.get() }
  }

  /// What keeps the tests from using the executable.
  package struct Problem: Error, CustomStringConvertible {
    package let description: String
  }

  private static let located: Result<URL, Problem> = {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    let binary = folder.appendingPathComponent("replshell")
    let build = "run `swift build --product replshell` (or `swift test`, which builds it) and test again"
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      return .failure(Problem(description: "no replshell executable beside the tests in \(folder.path); \(build)"))
    }
    // The later of the executable's link and the last build of its configuration: a build that
    // found nothing to relink (a comment changed) still rewrote its manifest, `.build/debug.yaml`.
    let manifest = folder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + ".yaml")
    if let built = [modified(binary), modified(manifest)].compactMap({ $0 }).max(), let newer = newestSource(after: built) {
      return .failure(Problem(description: "\(binary.path) is older than \(newer); \(build)"))
    }
    return .success(binary)
  }()

  /// The folders under `Sources/` of modules `replshell` does not link.
  private static let unlinkedModules: Set<String> = [
    "AnimalsDataServer", "AnimalsDataServerPostgres", "ReplShellAttachment", "ReplShellTesting",
  ]

  /// A source file of the executable's modules changed after `date`: the executable is stale.
  private static func newestSource(after date: Date) -> String? {
    let sources = packageRoot.appendingPathComponent("Sources")
    guard let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: [.contentModificationDateKey]) else {
      return nil
    }
    // Swift sources, and the files the inspector's page embeds.
    for case let file as URL in files where ["swift", "html", "css", "js"].contains(file.pathExtension) {
      // Not a tutorial's code files in a DocC catalog: SwiftPM never compiles them, so no build makes them older.
      if file.path.contains(".docc/") { continue }
      let module = file.path.dropFirst(sources.path.count + 1).prefix { $0 != "/" }
      if unlinkedModules.contains(String(module)) { continue }
      if let changed = modified(file), changed > date {
        return file.path.replacingOccurrences(of: packageRoot.path + "/", with: "")
      }
    }
    return nil
  }

  private static func modified(_ url: URL) -> Date? {
    try? url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate
  }
}
