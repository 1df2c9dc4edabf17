import Foundation

/// The `replshell` executable the tests run as a subprocess: beside the test bundle (`swift build`
/// puts every product in one folder), else in the package's `.build/debug`; nil when not built.
package let replshellBinary: URL? = {
  let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  let candidates = [
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("replshell"),
    packageRoot.appendingPathComponent(".build/debug/replshell"),
  ]
  return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}()
