/// Something a front end asks of a session: a command line, the completions of a half-typed line,
/// a query of the state. Each request type names its reply; `SessionHost` runs requests one at a
/// time, in the order they arrived, whichever front end sent them.
public protocol SessionRequest: Sendable {
  /// What the request gets back.
  associatedtype Reply: Sendable

  /// Carries the request out in `shell`; the host calls it in the request's turn.
  @MainActor func perform(in shell: Shell) async -> Reply
}

/// A command line to run: typed, sent by a tool, or read from a script (`source` runs a script's
/// lines as line requests of their own, inside the turn of its line).
public struct LineRequest: SessionRequest, Hashable {
  /// The line as typed.
  public var line: String
  /// `file.txt:12` for a script's line: it prefixes error messages; nil when typed.
  public var location: String?
  /// Whether the result renders the command behind its prompt, as transcripts show it.
  public var echoesCommands: Bool

  /// A line to run; `location` marks it as a script's.
  public init(_ line: String, location: String? = nil, echoesCommands: Bool = false) {
    self.line = line
    self.location = location
    self.echoesCommands = echoesCommands
  }

  @MainActor public func perform(in shell: Shell) async -> Shell.Result {
    await shell.execute(line, location: location, echoesCommands: echoesCommands)
  }
}

/// The completions Tab offers for a line typed up to the cursor.
package struct CompletionQuery: SessionRequest, Hashable {
  /// The line from its start to the cursor.
  package var lineUpToCursor: String

  /// The completions of `lineUpToCursor`.
  package init(_ lineUpToCursor: String) {
    self.lineUpToCursor = lineUpToCursor
  }

  @MainActor package func perform(in shell: Shell) async -> ShellCompletion {
    ShellCompletion.of(lineUpToCursor, in: shell)
  }
}
