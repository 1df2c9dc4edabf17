import Foundation
import ReplShellHost
import ReplShellSession
import SessionProtocol
import StateValues

/// What an attached shell's web inspector asks of the app (`ShellRequest.inspect`), answered
/// with the request's id: the shell's connection asks for a `link` key; the inspector's own
/// connection `follow`s the shell with it, then asks for the `history`, or what a page asks a
/// local inspector (`InspectorRequest`: children of a state path, a search, a line to run) of
/// the shell's session, answered by the operations every inspected session shares
/// (`InspectionBackend`).
extension Responder {
  /// The answer to one inspector call.
  func answer(_ call: InspectionCall) async -> InspectionAnswer {
    switch call {
    case .link:
      return .linked(key: InspectionLinks.key(for: self))
    case .follow(let key):
      guard let followed = InspectionLinks.responder(for: key) else {
        return .failed("no attached shell has that key: type `inspect` in the shell again")
      }
      self.followed = followed
      connection.inspection.follow(followed.shell)
      connection.attachment.updateTap()
      return .following(domain: connection.attachment.domain.name)
    case .history:
      guard let followed else { return Self.followsNoShell }
      return .history(followed.historyReply)
    case .page(let request):
      guard let followed else { return Self.followsNoShell }
      return await followed.answer(request)
    }
  }

  private static let followsNoShell = InspectionAnswer.failed("this connection follows no shell: send `follow` with the shell's key first")
}

/// The session the app keeps for an attached shell, as its inspector's page reaches it.
extension Responder: InspectionBackend {
  var inspectedShell: Shell { shell }

  /// The app's tap runs while an inspector follows: the count of what it saw versions the live state.
  var liveRevision: Int? { connection.attachment.tappedActions.load(ordering: .acquiring) }

  /// Runs the line in the shell's session, echoed as a transcript shows it, and keeps what the
  /// app sends this shell (its `tail`'s filter, its watches) in step with what the line changed.
  func runFromPage(_ line: String) async throws(CommandError) -> Shell.Result {
    if line.split(whereSeparator: \.isWhitespace).first == "tail" {
      throw CommandError("`tail` follows the app in the terminal; the page's log already shows the app's actions as they come")
    }
    let result = await host.run(line, echoesCommands: true)
    connection.tail.withLock { filter in filter?.hidden = shell.slot.hiddenActions }
    updateWatching()
    return result
  }
}
