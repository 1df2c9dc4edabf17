import Foundation
import ReplShellSession
import StateValues
#if canImport(Glibc)
import Glibc
#endif

/// What `save` and `explore --save` write: a scenario script, and beside it what the script
/// needs to start where the session started — a copy of each database the session opened, as it
/// was before the session wrote to it. Nothing existing is overwritten without `--force`, and
/// every file is written whole or not at all (a temporary file renamed into place).
struct ScenarioFiles {
  /// The script.
  let script: URL
  /// The `use` line the script starts with.
  let useLine: String
  /// Each starting database to write beside the script: the copy the session made, and where it goes.
  let databases: [(startingPoint: URL, target: URL)]
  /// A note on where the script starts, for what the command prints; nil when it needs nothing.
  let startNote: String?
  /// The database files the session has open, by option: nothing is ever renamed over them.
  let openedFiles: [String: String]

  /// The files for a script at `script` that replays `recording`; refuses a session that talked
  /// to a server, whose replay would write there. `column` is where errors point.
  init(script: URL, recording: SessionRecording, column: Int) throws(CommandError) {
    if let (option, url) = recording.databases.servers.min(by: { $0.key < $1.key }) {
      throw CommandError(
        "cannot replay this session: it talks to a server (--\(option) \(url.truncatedForMessage)), and a replay would send its actions there too; "
          + "start the session on a copy of its data (for animals: `use animals --serve PATH` or `--store PATH`) to save it",
        column: column)
    }
    self.script = script
    var options = recording.options
    var databases: [(URL, URL)] = []
    var notes: [String] = []
    let stem = script.deletingPathExtension().lastPathComponent
    for (option, startingPoint) in recording.databases.startingPoints.sorted(by: { $0.key < $1.key }) {
      let given = recording.options[option] ?? ""
      let fileName = URL(fileURLWithPath: given).lastPathComponent
      guard let startingPoint else {
        // There was no file: the replay starts from an empty one of its own.
        options[option] = "$SCRATCH/" + fileName
        continue
      }
      let ext = URL(fileURLWithPath: given).pathExtension
      let target = script.deletingLastPathComponent().appendingPathComponent("\(stem)-\(option)" + (ext.isEmpty ? "" : "." + ext))
      databases.append((startingPoint, target))
      options[option] = target.lastPathComponent
      notes.append("\(target.lastPathComponent), a copy of \(given) as the session found it")
    }
    self.databases = databases
    openedFiles = recording.databases.openedFiles
    useLine = SessionRecording.useLine(domain: recording.domain, options: options)
    startNote = notes.isEmpty ? nil : "the script starts from " + notes.joined(separator: " and ") + " (runs read it and write to a copy of their own)"
  }

  /// Every file this writes, besides `others` (a golden).
  func targets(with others: [URL]) -> [URL] {
    [script] + others + databases.flatMap { pair in
      DatabaseStartingPoints.companionSuffixes.compactMap { suffix in
        FileManager.default.fileExists(atPath: pair.startingPoint.path + suffix) ? URL(fileURLWithPath: pair.target.path + suffix) : nil
      }
    }
  }

  /// Refuses, with or without `--force`, when any of `targets` is a file the session has open (its
  /// database, or a file SQLite keeps beside it): a file renamed over it would leave the session
  /// writing to a file no name reaches, and the database would lose every later write.
  func refuseReplacingOpenFiles(_ targets: [URL], column: Int) throws(CommandError) {
    for target in targets {
      for (option, path) in openedFiles.sorted(by: { $0.key < $1.key }) {
        for suffix in DatabaseStartingPoints.openedSuffixes where Self.isSameFile(target.path, path + suffix) {
          let what = suffix.isEmpty ? "the database" : "a file SQLite keeps beside the database"
          throw CommandError(
            "\(target.lastPathComponent) is \(what) this session has open (--\(option) \(URL(fileURLWithPath: path).lastPathComponent)), which nothing may replace while the session runs, not even with --force: "
              + "save the script under another name, so that its starting copy gets another name too",
            column: column)
        }
      }
    }
  }

  /// Whether `a` and `b` name one file: the same path once their folders' links are resolved, or,
  /// when both exist, the same device and inode (a hard link, a symbolic link to it).
  static func isSameFile(_ a: String, _ b: String) -> Bool {
    if canonicalPath(a) == canonicalPath(b) { return true }
    var first = stat()
    var second = stat()
    guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }

  /// `path` with its folder's links resolved (the folder as `realpath` names it), its last name as given.
  private static func canonicalPath(_ path: String) -> String {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    let folder = url.deletingLastPathComponent().path
    guard let resolved = realpath(folder, nil) else { return url.path }
    defer { free(resolved) }
    return String(cString: resolved) + "/" + url.lastPathComponent
  }

  /// Refuses, unless `force`, when any of `targets` exists (a link counts, even one that leads
  /// nowhere); `overwrite` says how to overwrite them (`save --force x.txt` or `add --force`).
  /// A folder is refused even with `force`: no file replaces one.
  static func refuseOverwriting(_ targets: [URL], force: Bool, overwrite: String, column: Int) throws(CommandError) {
    var info = stat()
    if let folder = targets.first(where: { lstat($0.path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR }) {
      throw CommandError("\(folder.path) is a folder, which no file replaces, even with --force: pick another name", column: column)
    }
    guard !force else { return }
    let existing = targets.filter { lstat($0.path, &info) == 0 }
    guard !existing.isEmpty else { return }
    let names = existing.map(\.lastPathComponent).joined(separator: ", ")
    throw CommandError("\(names) \(existing.count == 1 ? "exists" : "exist"); \(overwrite) to overwrite \(existing.count == 1 ? "it" : "them")", column: column)
  }

  /// Writes the script's `text` and the starting databases.
  func write(_ text: String, column: Int) throws(CommandError) {
    _ = try writeDatabases(column: column)
    try Self.writeAtomically(Data(text.utf8), to: script, column: column)
  }

  /// Writes the starting databases beside the script; returns the files it made that were not
  /// there before (what to take away again when the script cannot be written after all).
  func writeDatabases(column: Int) throws(CommandError) -> [URL] {
    var made: [URL] = []
    do throws(CommandError) {
      for (startingPoint, target) in databases {
        for suffix in DatabaseStartingPoints.companionSuffixes {
          let source = startingPoint.path + suffix
          let destination = URL(fileURLWithPath: target.path + suffix)
          var info = stat()
          let existed = lstat(destination.path, &info) == 0
          if FileManager.default.fileExists(atPath: source) {
            try Self.copyAtomically(from: source, to: destination, column: column)
            if !existed { made.append(destination) }
          } else if existed {
            // A companion of the old copy would be read with the new one.
            do {
              try FileManager.default.removeItem(at: destination)
            } catch {
              throw CommandError("cannot remove \(destination.path): \(error.localizedDescription)", column: column)
            }
          }
        }
      }
    } catch {
      for url in made { unlink(url.path) }
      throw error
    }
    return made
  }

  /// Writes each of `files` whole, or none of them: each goes to a new temporary file beside
  /// its target first (`O_EXCL`, never through a link), and only when all are written are they
  /// renamed into place, in order. A rename that fails takes back the files renamed before it
  /// that are new.
  static func writeAll(_ files: [(url: URL, data: Data)], column: Int? = nil) throws(CommandError) {
    var temporaries: [String] = []
    defer { for path in temporaries { unlink(path) } }
    for (url, data) in files {
      let temporary = url.deletingLastPathComponent().appendingPathComponent(".replshell-\(UUID().uuidString.prefix(12)).tmp").path
      let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else { throw CommandError("cannot write \(url.path): \(String(cString: strerror(errno)))", column: column) }
      temporaries.append(temporary)
      let written = data.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
          let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
          if count < 0, errno == EINTR { continue }
          guard count > 0 else { return false }
          offset += count
        }
        return true
      }
      let reason = String(cString: strerror(errno))
      guard written, fsync(descriptor) == 0 else {
        close(descriptor)
        throw CommandError("cannot write \(url.path): \(reason)", column: column)
      }
      close(descriptor)
    }
    var renamed: [URL] = []
    for (index, (url, _)) in files.enumerated() {
      var info = stat()
      let existed = lstat(url.path, &info) == 0
      guard rename(temporaries[index], url.path) == 0 else {
        let reason = String(cString: strerror(errno))
        for earlier in renamed { unlink(earlier.path) }
        throw CommandError("cannot write \(url.path): \(reason)", column: column)
      }
      if !existed { renamed.append(url) }
    }
    temporaries = []
  }

  /// Copies the file at `source` to a temporary file beside `url`, then renames it into place: a
  /// database is copied as it is, not read into memory, and a crash leaves the old file whole.
  private static func copyAtomically(from source: String, to url: URL, column: Int) throws(CommandError) {
    let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString.prefix(8))")
    do {
      try FileManager.default.copyItem(atPath: source, toPath: temporary.path)
    } catch {
      throw CommandError("cannot write \(url.path): \(error.localizedDescription)", column: column)
    }
    guard rename(temporary.path, url.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw CommandError("cannot write \(url.path): \(reason)", column: column)
    }
  }

  /// Writes `data` to a temporary file beside `url`, then renames it into place: a crash or a
  /// full disk leaves the old file whole.
  static func writeAtomically(_ data: Data, to url: URL, column: Int) throws(CommandError) {
    do {
      try data.write(to: url, options: .atomic)
    } catch {
      throw CommandError("cannot write \(url.path): \(error.localizedDescription)", column: column)
    }
  }
}
