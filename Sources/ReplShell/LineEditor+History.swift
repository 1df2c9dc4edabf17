import CEditLine
import Foundation

extension LineEditor {
  /// The history file a shell uses by default: `$XDG_STATE_HOME/<program>/history` when that
  /// variable is set, else `~/.<program>_history` (`~/.replshell_history`); nil when neither
  /// location is known. Each client shell keeps its own history.
  static func defaultHistoryFile(
    programName: String = "replshell",
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL? {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return URL(fileURLWithPath: state).appendingPathComponent("\(programName)/history")
    }
    if let home = environment["HOME"], !home.isEmpty {
      return URL(fileURLWithPath: home).appendingPathComponent(".\(programName)_history")
    }
    return nil
  }

  /// Adds a line to the history (Up/Down, Ctrl-R) and appends it to the history file at once.
  /// Blank lines and a repeat of the previous entry are skipped; line breaks become spaces.
  func addToHistory(_ line: String) {
    let entry = String(line.map { $0.isNewline ? " " : $0 })
    guard !entry.allSatisfy(\.isWhitespace), entry != lastHistoryEntry else { return }
    lastHistoryEntry = entry
    cel_history_enter(history, entry)
    guard let historyFile else { return }
    do {
      try historyFile.append(entry)
    } catch {
      warnAboutHistory(error)
    }
  }

  /// Sets the history size and fills it from the history file.
  func loadHistory(limit: Int) {
    cel_history_set_size(history, Int32(clamping: max(1, limit)))
    guard let historyFile else { return }
    do {
      for entry in try historyFile.load(limit: max(1, limit)) {
        cel_history_enter(history, entry)
        lastHistoryEntry = entry
      }
    } catch {
      warnAboutHistory(error)
    }
  }

  /// Reports a history file problem on stderr, only the first time.
  private func warnAboutHistory(_ error: HistoryFile.Error) {
    guard !hasWarnedAboutHistory else { return }
    hasWarnedAboutHistory = true
    cel_write_error("warning: \(error); history will not be kept between runs\n")
  }
}
