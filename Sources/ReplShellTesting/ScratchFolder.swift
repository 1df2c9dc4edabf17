import Foundation

/// A private folder of a check's own under the temporary folder (mode 0700, a new name), removed
/// when the check is done, so that a test run leaves nothing behind.
enum ScratchFolder {
  /// Makes a new folder; its name is fresh, so nothing existing is reused.
  static func make() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replshell-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    return folder
  }

  /// Removes `folder` and what it holds; returns the failure to record when it cannot be removed.
  static func remove(_ folder: URL) -> [String] {
    do {
      try FileManager.default.removeItem(at: folder)
      return []
    } catch {
      return ["cannot remove \(folder.path): \(error.localizedDescription)"]
    }
  }
}
