import SessionProtocol
import StateValues
/// The lines of one script run in a shell, one after another, as `--script` and `source` both run
/// them: comments and blank lines are echoed as written, each command runs with its `file:line`
/// location, and the first failure stops the script.
@MainActor public struct ScriptLines {
  /// The script's text.
  public let text: String
  /// How locations name the script: `setup.txt`.
  public let name: String

  /// The most bytes a script may hold, whether run, sourced or loaded: 16 MiB.
  nonisolated package static let sizeLimit = 16 << 20

  /// The lines of `text`, whose locations name it `name`.
  public init(text: String, name: String) {
    self.text = text
    self.name = name
  }

  /// How a run ended.
  public struct Outcome {
    /// The transcript of the lines: echoes, then what each printed, redacted.
    public var transcript: [OutputLine] = []
    /// The events of the lines, when kept.
    public var events: [SessionEvent] = []
    /// `name:line` of the line that failed, if one did.
    public var failedLocation: String?
    /// The breakpoint that stopped the line that failed (or a script it sourced), if one did.
    public var breakStop: BreakEvent?

    /// Nothing run yet.
    public init() {}
  }

  /// Whether `line` is blank or, after leading whitespace, starts with `#`.
  public static func isCommentOrBlank(_ line: String) -> Bool {
    // Commands start with a letter: only other lines need the whitespace trimmed to tell.
    if let first = line.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20) { return false }
    let trimmed = line.trimmingLeadingWhitespace
    return trimmed.isEmpty || trimmed.hasPrefix("#")
  }

  /// The lines of `text`, each without a final `\r`, and no empty line after a final newline.
  /// Split on the newline byte in one pass over the bytes: splitting a `String` compares whole
  /// characters (and `\r\n` is one).
  public static func lines(of text: String) -> [String] {
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
}
