extension TerminalOutput {
  /// `prompt` as the line editor takes it: bold when this output colors, the escapes between
  /// `\u{1}` markers so that the editor does not count them as columns.
  func editorPrompt(_ prompt: String) -> String {
    colors ? "\u{1}\u{1B}[1m\u{1}\(prompt)\u{1}\u{1B}[0m\u{1}" : prompt
  }
}
