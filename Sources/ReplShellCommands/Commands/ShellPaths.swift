import Foundation
import ReplShellFoundation
import StateValues

/// Where a command's relative paths start from: the shell's folder, or the folder of the script
/// `source` is running; and how far they may reach (`ShellSettings.fileReach`).
@MainActor public struct ShellPaths {
  /// The shell whose folder it is.
  let host: any CommandHost

  /// The folder relative paths start from.
  public var baseDirectory: URL { host.baseDirectory }

  /// How far the shell's paths may reach, and the one way they are read and written.
  public var reach: FileReach { host.fileReach }

  /// A path as typed in a command, relative to `baseDirectory` unless absolute: for completion
  /// and display, never to read or write (`url(forPath:for:column:)` checks the reach).
  public func url(forPath path: String) -> URL {
    URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: host.baseDirectory.path, isDirectory: true)).standardizedFileURL
  }

  /// A path a command is about to read or write, relative to `baseDirectory` unless absolute,
  /// refused with an error at `column` when it lies outside the shell's reach.
  public func url(forPath path: String, for access: FileReachError.Access, column: Int) throws(CommandError) -> URL {
    do {
      return URL(fileURLWithPath: try reach.resolve(path, relativeTo: host.baseDirectory.path, for: access))
    } catch {
      throw CommandError(error.description, column: column)
    }
  }
}
