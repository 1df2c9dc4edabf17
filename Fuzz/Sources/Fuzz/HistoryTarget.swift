import Foundation
@testable import ReplShell

/// History files: the input as the file the shell keeps its history in, read as the shell reads
/// it at start (`HistoryFile.load`, which rewrites a file longer than its limit, 16 here), then
/// one entry appended.
enum HistoryTarget {
  static let target = FuzzTarget(name: "history") { bytes in
    let url = Scratch.folder.appendingPathComponent("history/history")
    do {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(bytes).write(to: url)
    } catch {
      fatalError("cannot write \(url.path): \(error)")
    }
    let file = HistoryFile(url: url)
    do throws(HistoryFile.Error) {
      _ = try file.load(limit: 16)
      try file.append("dispatch didTapIncrementButton")
    } catch {
      fatalError("the history file could not be read back: \(error)")
    }
  }
}
