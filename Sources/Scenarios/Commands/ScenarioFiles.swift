import Foundation

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

  /// Refuses, unless `force`, when any of `targets` exists; `overwrite` says how to overwrite
  /// them (`save --force x.txt` or `add --force`).
  static func refuseOverwriting(_ targets: [URL], force: Bool, overwrite: String, column: Int) throws(CommandError) {
    guard !force else { return }
    let existing = targets.filter { FileManager.default.fileExists(atPath: $0.path) }
    guard !existing.isEmpty else { return }
    let names = existing.map(\.lastPathComponent).joined(separator: ", ")
    throw CommandError("\(names) \(existing.count == 1 ? "exists" : "exist"); \(overwrite) to overwrite \(existing.count == 1 ? "it" : "them")", column: column)
  }

  /// Writes the script's `text` and the starting databases.
  func write(_ text: String, column: Int) throws(CommandError) {
    try Self.writeAtomically(Data(text.utf8), to: script, column: column)
    for (startingPoint, target) in databases {
      for suffix in DatabaseStartingPoints.companionSuffixes {
        let source = startingPoint.path + suffix
        let destination = URL(fileURLWithPath: target.path + suffix)
        if FileManager.default.fileExists(atPath: source) {
          try Self.copyAtomically(from: source, to: destination, column: column)
        } else if FileManager.default.fileExists(atPath: destination.path) {
          // A companion of the old copy would be read with the new one.
          do {
            try FileManager.default.removeItem(at: destination)
          } catch {
            throw CommandError("cannot remove \(destination.path): \(error.localizedDescription)", column: column)
          }
        }
      }
    }
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
