import Foundation
import ReplShellDomain
import StateValues

/// The databases a `use` line names, handled so that no run writes into a user's database it was
/// not pointed at on purpose, and so that `save` can replay a session from where it started.
///
/// - A scenario (`ShellSettings.copiesDatabases`) runs on a throwaway copy of each database option's
///   file, made in the shell's scratch folder: the file is only read, and the scenario gives the
///   same transcript every time it runs. A path in the scratch folder (`$SCRATCH/…`) is already
///   the run's own and is opened as it is.
/// - Any other session opens the file itself (the user named it) after copying it, as it is
///   before the session writes anything, into the scratch folder: the starting point `save`
///   replays from.
public struct DatabaseStartingPoints: Sendable {
  /// The options the domain starts with: a scenario's database paths replaced by their copies.
  public let options: [String: String]
  /// For each database option, a copy of its file as the session found it, or nil when there
  /// was no file (the session started from an empty database).
  public let startingPoints: [String: URL?]
  /// The server options given (`remote`), whose sessions `save` cannot replay.
  public let servers: [String: String]
  /// For each database option, the absolute path of the file the session opens: what nothing
  /// may be renamed over while the session runs.
  public var openedFiles: [String: String] = [:]

  /// Copies what `options` names for `domain`, its relative paths taken from `baseDirectory`. A
  /// file that cannot be copied is an error that names it.
  public static func prepare(
    options: [String: String], of domain: Domain, copiesDatabases: Bool, baseDirectory: URL, scratchDirectory: URL
  ) throws(CommandError) -> DatabaseStartingPoints {
    var opened = options
    var startingPoints: [String: URL?] = [:]
    var servers: [String: String] = [:]
    var openedFiles: [String: String] = [:]
    for option in domain.options {
      guard let value = options[option.name] else { continue }
      switch option.kind {
      case .value, .source:
        continue
      case .server:
        servers[option.name] = value
      case .database:
        let path = DomainContext.absolutePath(value, baseDirectory: baseDirectory, scratchDirectory: scratchDirectory)
        openedFiles[option.name] = path
        if path.hasPrefix(scratchDirectory.path + "/") { continue }
        let exists = FileManager.default.fileExists(atPath: path)
        let folderExists = FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        // A path in no folder: the domain says what to type instead.
        guard folderExists else { continue }
        let copy: URL? = exists ? try copyDatabase(at: path, into: scratchDirectory) : nil
        startingPoints[option.name] = copy
        if copiesDatabases {
          // The run's own database: a copy of the file's, or a new one in the scratch folder.
          if let copy {
            opened[option.name] = try copyDatabase(at: copy.path, into: scratchDirectory).path
          } else {
            opened[option.name] = try freshPath(named: URL(fileURLWithPath: path).lastPathComponent, in: scratchDirectory).path
          }
          openedFiles[option.name] = opened[option.name]
        }
      }
    }
    return DatabaseStartingPoints(options: opened, startingPoints: startingPoints, servers: servers, openedFiles: openedFiles)
  }

  /// The files SQLite keeps beside a database that hold its data: what a copy must take along
  /// (not `-shm`, an index of the `-wal` that SQLite rebuilds).
  public static let companionSuffixes = ["", "-wal", "-journal"]

  /// Every file SQLite opens or creates for a database: the companions and the `-shm` index.
  public static let openedSuffixes = companionSuffixes + ["-shm"]

  /// Copies the database at `path`, with its companion files, to a new name in `folder`.
  static func copyDatabase(at path: String, into folder: URL) throws(CommandError) -> URL {
    let target = try freshPath(named: URL(fileURLWithPath: path).lastPathComponent, in: folder)
    do {
      for suffix in companionSuffixes where FileManager.default.fileExists(atPath: path + suffix) {
        try FileManager.default.copyItem(atPath: path + suffix, toPath: target.path + suffix)
      }
    } catch {
      throw CommandError("cannot copy the database \(path): \(error.localizedDescription)")
    }
    return target
  }

  /// A path in `folder/databases/` that nothing uses yet, ending in `name`.
  private static func freshPath(named name: String, in folder: URL) throws(CommandError) -> URL {
    let databases = folder.appendingPathComponent("databases", isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: databases, withIntermediateDirectories: true)
    } catch {
      throw CommandError("cannot make the scratch folder \(databases.path): \(error.localizedDescription)")
    }
    return databases.appendingPathComponent("\(UUID().uuidString.prefix(8))-\(name)")
  }
}
