import CEditLine

extension LineEditor {
  /// Sets up the prompt, emacs bindings, signal handling, the history and the key functions,
  /// then reads the user's `~/.editrc`.
  func configureEditor() {
    cel_set_prompt(
      editLine,
      { editLine in LineEditor.editor(for: editLine)?.promptCString },
      CChar(bitPattern: UInt8(TerminalText.promptIgnoreMarker.asciiValue ?? 1)))
    cel_set_editor(editLine, "emacs")
    // Ctrl-C, Ctrl-Z and Ctrl-\ reach the editor as keys instead of signals while a line is
    // edited; libedit restores the user's terminal settings (signals on) when it returns.
    cel_set_edit_tty(editLine, "-isig")
    // libedit then handles SIGWINCH (resize) itself and restores the terminal on fatal signals.
    cel_set_signal_handling(editLine, 1)
    cel_history_set_unique(history, 1)
    cel_set_history(editLine, history)

    cel_add_function(
      editLine, "replshell-complete", "Complete the word before the cursor",
      { editLine, _ in LineEditor.editor(for: editLine)?.completeWord() ?? UInt8(CC_ERROR) })
    cel_add_function(
      editLine, "replshell-interrupt", "Abandon the line",
      { editLine, _ in LineEditor.editor(for: editLine)?.interruptLine() ?? UInt8(CC_ERROR) })
    cel_add_function(
      editLine, "replshell-suspend", "Suspend the shell",
      { editLine, _ in LineEditor.editor(for: editLine)?.suspend() ?? UInt8(CC_ERROR) })
    for (keys, function) in Self.keyBindings {
      cel_bind(editLine, keys, function)
    }
    el_source(editLine, nil)
  }

  /// Bindings added to libedit's emacs map: ours, and the keys terminals send that libedit
  /// may not know from terminfo (Home, End, Delete, Ctrl-arrows), plus ^W as in bash.
  static let keyBindings: [(keys: String, function: String)] = [
    ("^I", "replshell-complete"),
    ("^C", "replshell-interrupt"),
    ("^Z", "replshell-suspend"),
    ("^W", "ed-delete-prev-word"),
    ("\\e[H", "ed-move-to-beg"), ("\\eOH", "ed-move-to-beg"), ("\\e[1~", "ed-move-to-beg"),
    ("\\e[F", "ed-move-to-end"), ("\\eOF", "ed-move-to-end"), ("\\e[4~", "ed-move-to-end"),
    ("\\e[3~", "ed-delete-next-char"),
    ("\\e[1;5C", "em-next-word"), ("\\e[1;5D", "ed-prev-word"),
  ]
}
