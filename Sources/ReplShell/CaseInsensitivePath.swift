import Foundation

/// Finds the file a path names when it differs only in letter case from one that exists, as a
/// case-insensitive file system would: `scenarios/quakes.txt` finds `Scenarios/quakes.txt`
/// without a second entry (a symbolic link) in the tree, which such a file system could not hold.
package enum CaseInsensitivePath {
  /// The existing path `path` names: itself when it exists, else the path whose components match
  /// its own ignoring case, each the only such entry in its folder; nil when there is none.
  package static func resolve(_ path: String, fileManager: FileManager = .default) -> String? {
    if fileManager.fileExists(atPath: path) { return path }
    let isAbsolute = path.hasPrefix("/")
    var resolved = isAbsolute ? "/" : ""
    for component in path.split(separator: "/", omittingEmptySubsequences: true).map(String.init) {
      let candidate = resolved + component
      if component == "." || component == ".." || fileManager.fileExists(atPath: candidate) {
        resolved = candidate + "/"
        continue
      }
      let folder = resolved.isEmpty ? "." : resolved
      let matches = ((try? fileManager.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.compare(component, options: .caseInsensitive) == .orderedSame }
      guard matches.count == 1 else { return nil }
      resolved += matches[0] + "/"
    }
    let found = path.hasSuffix("/") ? resolved : String(resolved.dropLast())
    return fileManager.fileExists(atPath: found) ? found : nil
  }
}
