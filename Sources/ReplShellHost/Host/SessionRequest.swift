import ReplShellCommands
import ReplShellSession
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

/// A command line parsed before its turn, off the main actor (an attached shell's line, which may
/// be up to a mebibyte): in its turn it runs as a `LineRequest` would, without parsing again.
package struct ParsedLineRequest: SessionRequest {
  /// The line and what it parsed to.
  package var parsed: ParsedLine
  /// `<stdin>:3` for a line read from a pipe; nil when typed.
  package var location: String?

  /// Parses `line` as a line of a shell that runs `commands` here (call it off the main
  /// actor), for a turn later.
  package init(parsing line: String, location: String?, commands: CommandSet) {
    self.parsed = ParsedLine(parsing: line, commands: commands)
    self.location = location
  }

  @MainActor package func perform(in shell: Shell) async -> Shell.Result {
    shell.handOver(parsed)
    return await shell.execute(parsed.line, location: location)
  }
}

/// The completions Tab offers for a line typed up to the cursor. In its turn it takes what
/// completion reads of the session (`CompletionContext`, the same work whatever the line), then
/// gives the main actor back while the completion itself runs off it, within `limit`: an app
/// whose attached shell asks keeps serving its own work meanwhile.
package struct CompletionQuery: SessionRequest {
  /// The line from its start to the cursor.
  package var lineUpToCursor: String
  /// How long the completion may take before it gives up and says why.
  package var limit: Duration
  /// Asked now and then while it runs: true stops it (Ctrl-C at a terminal).
  package var isInterrupted: @Sendable () -> Bool

  /// The completions of `lineUpToCursor`, given `limit`.
  package init(_ lineUpToCursor: String, limit: Duration = CompletionBudget.attachedLimit, isInterrupted: @escaping @Sendable () -> Bool = { false }) {
    self.lineUpToCursor = lineUpToCursor
    self.limit = limit
    self.isInterrupted = isInterrupted
  }

  @MainActor package func perform(in shell: Shell) async -> ShellCompletion {
    let context = CompletionContext(host: shell, completing: lineUpToCursor, budget: CompletionBudget(limit: limit, isInterrupted: isInterrupted))
    let line = lineUpToCursor
    return await Task.detached { ShellCompletion.of(line, in: context) }.value
  }
}
