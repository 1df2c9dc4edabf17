import Foundation

/// Where a command's relative paths start from: the shell's folder, or the folder of the script
/// `source` is running.
@MainActor package struct ShellPaths {
  /// The shell whose folder it is.
  let shell: Shell

  /// The folder relative paths start from.
  package var baseDirectory: URL { shell.baseDirectory }

  /// A path as typed in a command, relative to `baseDirectory` unless absolute.
  package func url(forPath path: String) -> URL {
    URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: shell.baseDirectory.path, isDirectory: true)).standardizedFileURL
  }
}
