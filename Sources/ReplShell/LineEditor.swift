import CEditLine
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines from the terminal with libedit: emacs key bindings, history (Up/Down, Ctrl-R)
/// persisted to a file, and Tab completion supplied by the caller.
///
/// Use it only when `LineEditor.isInteractive`; read standard input directly otherwise.
/// libedit calls back into this object through its client data pointer (see
/// `editor(for:)`), so the object must stay alive while `readLine(prompt:)` runs —
/// which it does, as the caller holds it.
final class LineEditor {
  /// What `readLine(prompt:)` got from the user.
  enum Input: Sendable, Hashable {
    /// A line, without its line break.
    case line(String)
    /// Ctrl-C: the line was abandoned (it is left on screen followed by `^C`).
    case interrupted
    /// Ctrl-D on an empty line, or the terminal went away; the cursor is on a fresh line.
    case endOfFile
  }

  /// Whether standard input and output are both terminals, the only case this editor handles.
  /// (With output redirected, the editor's redrawing would end up in the output.)
  static var isInteractive: Bool {
    isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
  }

  /// The libedit editor (`EditLine *`).
  let editLine: OpaquePointer
  /// The libedit history the editor navigates (`History *`).
  let history: OpaquePointer
  /// Proposes candidates for the word before the cursor.
  let completer: @Sendable (_ lineUpToCursor: String) -> Completion
  /// Where the history is kept between runs, if anywhere.
  let historyFile: HistoryFile?
  /// The prompt being shown.
  var prompt = ""
  /// A C copy of `prompt`, returned by libedit's prompt callback; freed on change and deinit.
  var promptCString: UnsafeMutablePointer<CChar>?
  /// The last entry added to the history, to skip immediate duplicates.
  var lastHistoryEntry: String?
  /// Whether a history file problem has already been reported on stderr.
  var hasWarnedAboutHistory = false
  /// Set by the Ctrl-C key function; tells `readLine` to return `.interrupted`.
  var wasInterrupted = false
  /// The line and cursor after the previous Tab, to recognise a second Tab in a row.
  var lastTab: TabState?
  /// Where output from other threads goes while a line is read: above the prompt, redrawn.
  let promptOutput = PromptOutput()

  /// Creates the editor. `programName` selects the section of `~/.editrc` that applies
  /// (user key bindings there override the defaults). `historyFile` is created with its folder
  /// when missing; nil keeps history in memory only. `completer` receives the text before the
  /// cursor each time Tab is pressed.
  init(
    programName: String,
    historyFile: URL?,
    historyLimit: Int = 1000,
    completer: @escaping @Sendable (_ lineUpToCursor: String) -> Completion
  ) {
    _ = cel_prepare_utf8_locale()
    guard let editLine = cel_init(programName), let history = history_init() else {
      fatalError("libedit could not allocate its editor")
    }
    self.editLine = editLine
    self.history = history
    self.completer = completer
    self.historyFile = historyFile.map { HistoryFile(url: $0) }
    cel_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
    configureEditor()
    installReader()
    loadHistory(limit: historyLimit)
  }

  deinit {
    el_end(editLine)
    history_end(history)
    free(promptCString)
  }

  /// Shows `prompt` and reads one line. Wrap non-printing parts of the prompt (color escapes)
  /// between two `"\u{1}"` characters so the editor measures it correctly.
  func readLine(prompt: String) -> Input {
    setPrompt(prompt)
    wasInterrupted = false
    lastTab = nil
    var count: Int32 = 0
    promptOutput.beginReading()
    let read = el_wgets(editLine, &count)
    guard let characters = read, count > 0 else {
      cel_write_output("\n")
      promptOutput.endReading()
      return .endOfFile
    }
    promptOutput.endReading()
    if wasInterrupted {
      wasInterrupted = false
      return .interrupted
    }
    var line = Self.string(from: characters, to: characters + Int(count))
    while line.last?.isNewline == true {
      line.removeLast()
    }
    return .line(line)
  }
}

extension LineEditor {
  /// The editor whose client data `editLine` carries: how C callbacks find their Swift object.
  /// The pointer is unretained; it is valid because libedit only calls back from inside
  /// `el_wgets`, which runs inside `readLine(prompt:)` on the living editor.
  static func editor(for editLine: OpaquePointer?) -> LineEditor? {
    guard let editLine, let data = cel_client_data(editLine) else { return nil }
    return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
  }

  /// Decodes libedit's wide characters (UTF-32 on Linux) between two positions.
  static func string(from start: UnsafePointer<wchar_t>, to end: UnsafePointer<wchar_t>) -> String {
    var scalars = String.UnicodeScalarView()
    var position = start
    while position < end {
      scalars.append(Unicode.Scalar(UInt32(bitPattern: position.pointee)) ?? "\u{FFFD}")
      position += 1
    }
    return String(scalars)
  }

  /// Encodes `text` as a NUL-terminated wide string for libedit.
  static func wideCString(_ text: String) -> [wchar_t] {
    text.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
  }

  /// Replaces the prompt shown by the next redraw.
  func setPrompt(_ text: String) {
    prompt = text
    free(promptCString)
    promptCString = strdup(text)
  }
}
