import SessionProtocol
import StateValues
/// The lines of one script run in a shell, one after another, as `--script` and `source` both run
/// them: comments and blank lines are echoed as written, each command runs with its `file:line`
/// location, and the first failure stops the script.
@MainActor package struct ScriptLines {
  /// The script's text.
  let text: String
  /// How locations name the script: `setup.txt`.
  let name: String

  /// The most bytes a script may hold, whether run, sourced or loaded: 16 MiB.
  nonisolated package static let sizeLimit = 16 << 20

  /// The lines of `text`, whose locations name it `name`.
  package init(text: String, name: String) {
    self.text = text
    self.name = name
  }

  /// How a run ended.
  package struct Outcome {
    /// The transcript of the lines: echoes, then what each printed, redacted.
    package var transcript: [OutputLine] = []
    /// The events of the lines, when kept.
    package var events: [SessionEvent] = []
    /// `name:line` of the line that failed, if one did.
    package var failedLocation: String?
    /// The breakpoint that stopped the line that failed (or a script it sourced), if one did.
    package var breakStop: BreakEvent?
  }

  /// Whether `line` is blank or, after leading whitespace, starts with `#`.
  package static func isCommentOrBlank(_ line: String) -> Bool {
    // Commands start with a letter: only other lines need the whitespace trimmed to tell.
    if let first = line.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20) { return false }
    let trimmed = line.trimmingLeadingWhitespace
    return trimmed.isEmpty || trimmed.hasPrefix("#")
  }

  /// The lines of `text`, each without a final `\r`, and no empty line after a final newline.
  /// Split on the newline byte in one pass over the bytes: splitting a `String` compares whole
  /// characters (and `\r\n` is one).
  package static func lines(of text: String) -> [String] {
    var text = text
    return text.withUTF8 { bytes in
      var lines: [String] = []
      var start = 0
      for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
        lines.append(line(in: bytes, from: start, to: index))
        start = index + 1
      }
      if start < bytes.count { lines.append(line(in: bytes, from: start, to: bytes.count)) }
      return lines
    }
  }

  /// The bytes from `start` up to `end`, less a final `\r`, as a string.
  private static func line(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String {
    let end = end > start && bytes[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
  }

  /// Runs the lines in `shell`, each as a line of its own; `keepsEvents` also collects their events.
  package func run(in shell: Shell, keepsEvents: Bool = false) async -> Outcome {
    await run(in: shell, keepsEvents: keepsEvents, isSourced: false)
  }

  /// Runs the lines inside the `source` line that is running in `shell`: what they do and what
  /// follows them are that line's events.
  func runSourced(in shell: Shell) async -> Outcome {
    await run(in: shell, keepsEvents: false, isSourced: true)
  }

  private func run(in shell: Shell, keepsEvents: Bool, isSourced: Bool) async -> Outcome {
    var outcome = Outcome()
    let lines = Self.lines(of: text)
    // Every line prints at least itself: room for that many from the start.
    outcome.transcript.reserveCapacity(lines.count)
    for (index, line) in lines.enumerated() {
      if Self.isCommentOrBlank(line) {
        shell.events.emit(.comment(line))
        continue
      }
      let location = "\(name):\(index + 1)"
      let request = LineRequest(line, location: location, echoesCommands: true)
      let result = isSourced ? await shell.runSourced(request) : await shell.execute(line, location: location, echoesCommands: true)
      outcome.transcript += result.lines
      if keepsEvents { outcome.events += result.events }
      if !result.succeeded {
        outcome.failedLocation = location
        outcome.breakStop = result.breakStop
        return outcome
      }
      if result.quit { return outcome }
    }
    // Comments after the last command, and what listeners did after it.
    guard !isSourced else { return outcome }
    let trailing = LineTranscript(of: shell).takeTrailingEvents()
    outcome.transcript += trailing.lines
    if keepsEvents { outcome.events += trailing.events }
    return outcome
  }
}
