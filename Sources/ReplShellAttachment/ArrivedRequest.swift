import ReplShellSession

/// A request of an attached shell as its connection hands it to the app's main actor: a line
/// already parsed, or any other request. The connection makes it on its way there, off the main
/// actor, so parsing a line (up to a mebibyte) never holds the app, and costs no trip of its own
/// off the main actor and back.
enum ArrivedRequest: Sendable {
  /// A line to run, parsed.
  case line(ParsedLineRequest)
  /// Any other request (a line never arrives here).
  case other(ShellRequest)

  /// `request`, its line parsed for a shell that runs `commands`; call it off the main actor.
  init(_ request: ShellRequest, commands: CommandSet) {
    if case .line(let line, let location) = request {
      self = .line(ParsedLineRequest(parsing: line, location: location, commands: commands))
    } else {
      self = .other(request)
    }
  }
}
