import Foundation
import Scenarios

/// Where a scenario's golden and its pending new transcript (`NAME.golden.new`) live: the new
/// file sits beside the golden, or under `--new-goldens DIR` at the script's path, so that a CI
/// job can upload the folder as an artifact.
struct GoldenFiles: Sendable {
  /// The folder for `.golden.new` files, or nil to write them beside the goldens.
  let newGoldensDirectory: String?

  /// The golden of the script at `script` (`a.txt` → `a.golden`).
  func golden(forScript script: String) -> URL {
    ScriptRunner.goldenURL(for: URL(fileURLWithPath: script))
  }

  /// `a.golden.new` beside the golden, or `DIR/path/to/a.golden.new` under the chosen folder,
  /// named as the script was (relative stays relative).
  func newGolden(forScript script: String) -> String {
    let beside = Self.besideGolden(forScript: script)
    guard let newGoldensDirectory else { return beside }
    let components = beside.split(separator: "/").filter { $0 != "." && $0 != ".." }
    return (newGoldensDirectory.hasSuffix("/") ? newGoldensDirectory : newGoldensDirectory + "/") + components.joined(separator: "/")
  }

  /// Writes the new transcript for `script`; returns the path written.
  func writeNew(_ text: String, forScript script: String) throws -> String {
    let path = newGolden(forScript: script)
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return path
  }

  /// Removes a stale `.golden.new` of `script`, beside the golden and under the chosen folder:
  /// the paths removed, and why each one there that could not be removed stays.
  func removeNew(forScript script: String) -> (removed: [String], failures: [String]) {
    var removed: [String] = []
    var failures: [String] = []
    for path in [Self.besideGolden(forScript: script), newGolden(forScript: script)] where !removed.contains(path) {
      do {
        try FileManager.default.removeItem(atPath: path)
        removed.append(path)
      } catch let error as CocoaError where error.code == .fileNoSuchFile || error.code == .fileReadNoSuchFile {
        // Not there: nothing to remove.
      } catch {
        failures.append("cannot remove the stale \(path): \(error.localizedDescription); remove it by hand")
      }
    }
    return (removed, failures)
  }

  private static func besideGolden(forScript script: String) -> String {
    let pathExtension = URL(fileURLWithPath: script).pathExtension
    return (pathExtension.isEmpty ? script : String(script.dropLast(pathExtension.count + 1))) + ".golden.new"
  }
}
