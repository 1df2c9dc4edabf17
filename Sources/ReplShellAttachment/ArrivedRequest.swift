import ReplShellCommands
import ReplShellHost
import ReplShellSession
import SessionProtocol

/// A request of an attached shell as its connection hands it to the app's main actor: a line
/// already parsed, or one of the other requests. The connection makes it on its way there, off
/// the main actor, so parsing a line (up to a mebibyte) never holds the app, and costs no trip of
/// its own off the main actor and back. There is no unparsed line among its cases: what the
/// main actor answers cannot be one.
enum ArrivedRequest: Sendable {
  /// The shell's hello with its protocol version: the handshake when it comes first, said again
  /// (and ignored) after.
  case hello(protocolVersion: Int)
  /// A line to run, parsed.
  case line(ParsedLineRequest)
  /// The completions of a line typed up to the cursor.
  case complete(String)
  /// Stop following the app's actions.
  case untail
  /// A request of the shell's web inspector, answered with its `id`.
  case inspect(id: Int, InspectionCall)

  /// `request`, its line parsed for a shell that runs `commands`; call it off the main actor.
  init(_ request: ShellRequest, commands: CommandSet) {
    switch request {
    case .hello(let version): self = .hello(protocolVersion: version)
    case .line(let line, let location): self = .line(ParsedLineRequest(parsing: line, location: location, commands: commands))
    case .complete(let line): self = .complete(line)
    case .untail: self = .untail
    case .inspect(let id, let call): self = .inspect(id: id, call)
    }
  }
}
