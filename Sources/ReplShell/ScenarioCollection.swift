import Foundation

/// The scenarios a run covers, from the files and folders named on the command line: a folder
/// stands for every `*.txt` under it, recursively; a golden under a folder with no script beside
/// it is an orphan.
package struct ScenarioCollection: Equatable, Sendable {
  /// One thing the run reports on, named by its path as the user gave it (a folder's path joined
  /// with the file's path inside it).
  package enum Entry: Equatable, Sendable {
    /// A scenario script.
    case script(String)
    /// A golden file (`old.golden`) with no script (`old.txt`) beside it.
    case orphan(String)

    /// The path that names the entry.
    package var path: String {
      switch self {
      case .script(let path), .orphan(let path): path
      }
    }
  }

  /// The scripts, and the orphans when asked for, sorted by path, each once.
  package let entries: [Entry]
  /// The paths given that do not exist, in the order given.
  package let missing: [String]

  /// Collects the scripts at `paths`; `orphans` also collects orphan goldens under the folders.
  /// A path that differs from an existing one only in letter case (`scenarios/`) names that one.
  package init(paths: [String], orphans: Bool) {
    var entries: [Entry] = []
    var missing: [String] = []
    for given in paths {
      var isFolder: ObjCBool = false
      guard let path = CaseInsensitivePath.resolve(given), FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        missing.append(given)
        continue
      }
      guard isFolder.boolValue else {
        entries.append(.script(path))
        continue
      }
      for file in Self.files(under: path) {
        if file.hasSuffix(".txt") {
          entries.append(.script(file))
        } else if orphans, file.hasSuffix(".golden"), !FileManager.default.fileExists(atPath: Self.script(besideGolden: file)) {
          entries.append(.orphan(file))
        }
      }
    }
    var seen = Set<String>()
    self.entries = entries.sorted { $0.path < $1.path }.filter { seen.insert($0.path).inserted }
    self.missing = missing
  }

  /// The script a golden belongs to: `old.golden` → `old.txt`.
  static func script(besideGolden golden: String) -> String {
    String(golden.dropLast(".golden".count)) + ".txt"
  }

  /// The regular files under `folder`, recursively, skipping hidden files and folders, each named
  /// by `folder` joined with its path inside it. A folder given as a symbolic link (`scenarios`) is
  /// walked where it leads.
  private static func files(under folder: String) -> [String] {
    let target = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
    guard let walker = FileManager.default.enumerator(atPath: target) else { return [] }
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    var files: [String] = []
    while let relative = walker.nextObject() as? String {
      let path = prefix + relative
      var isFolder: ObjCBool = false
      if relative.split(separator: "/").last?.hasPrefix(".") == true {
        walker.skipDescendants()
      } else if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
        files.append(path)
      }
    }
    return files
  }
}
