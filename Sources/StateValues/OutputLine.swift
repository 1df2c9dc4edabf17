/// One line the shell prints. A transcript is these lines as plain text; a terminal may color
/// them by kind.
public struct OutputLine: Equatable, Sendable {
  /// What the line is, for coloring.
  public enum Kind: Sendable, Equatable {
    /// The echo of a command behind the prompt (scripts only).
    case echo
    /// Output with no other kind: values, tables, listings.
    case plain
    /// A diff line that only the old value has.
    case removed
    /// A diff line that only the new value has.
    case added
    /// A line of the shell's own notes (`↳ …`, `no change`).
    case note
    /// A command's failure, or a log line at `.warning` and above.
    case error
    /// A debug log line.
    case log

    /// The kind's stable name in `--format json`: `plain`, `removed`, `note`…
    public var name: String {
      switch self {
      case .echo: "echo"
      case .plain: "plain"
      case .removed: "removed"
      case .added: "added"
      case .note: "note"
      case .error: "error"
      case .log: "log"
      }
    }
  }

  /// The text, without a trailing newline.
  public let text: String
  /// `hangingIndent` in 4 bytes, -1 for none: with the kind after it, a line takes 24 bytes
  /// rather than 40, and a transcript copies and keeps hundreds of thousands of them.
  private let storedIndent: Int32
  /// The kind of line.
  public let kind: Kind

  /// Where a terminal may break the line between words to fit its width, and how far in its
  /// further lines start (a description beside its usage); nil when the line is never wrapped.
  /// A transcript ignores it.
  public var hangingIndent: Int? {
    storedIndent < 0 ? nil : Int(storedIndent)
  }

  /// Creates a line; with a `hangingIndent`, a terminal wraps it to its width.
  public init(_ kind: Kind, _ text: String, hangingIndent: Int? = nil) {
    self.kind = kind
    self.text = text
    self.storedIndent = hangingIndent.map { Int32(clamping: max(0, $0)) } ?? -1
  }

  public static func plain(_ text: String) -> OutputLine { OutputLine(.plain, text) }
  public static func note(_ text: String) -> OutputLine { OutputLine(.note, text) }
  public static func error(_ text: String) -> OutputLine { OutputLine(.error, "error: " + text) }
}
