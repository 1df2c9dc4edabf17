import ReplShellCommands
/// Owns a shell session and its one queue: every front end — the terminal, a script, the MCP
/// server, the inspector's page, an attached shell — submits typed requests here, and they run one
/// at a time in the order they arrived. The session's events go out on `shell.events` to whoever
/// follows them.
///
/// A front end that submits from one task gets its requests run in its submission order. One
/// whose requests are handled in tasks that start in no fixed order draws a turn for each as it
/// arrives (`drawTurn()`) and submits it in that turn later, or gives the turn up.
@MainActor public final class SessionHost {
  /// A place in the host's order, drawn as a request arrives.
  public struct Turn: Sendable, Hashable {
    fileprivate let ticket: TurnOrder.Ticket
  }

  /// The session the requests run in.
  public let shell: Shell
  private nonisolated let order = TurnOrder()

  /// A host for `shell`; nothing else may run lines in it.
  public init(shell: Shell) {
    self.shell = shell
  }

  /// Runs `request` after every request that arrived before it, and returns its reply.
  /// `turn` is the place drawn for it on arrival; without one it takes the next place now.
  public func submit<Request: SessionRequest>(_ request: Request, in turn: Turn? = nil) async -> Request.Reply {
    let ticket = turn?.ticket ?? order.draw()
    // A free turn is taken here, on the main actor; only a request that must wait leaves it.
    if !order.claimAtOnce(ticket) { await order.claim(ticket) }
    defer { order.finish() }
    return await request.perform(in: shell)
  }

  /// Runs a command line in its turn: `submit(LineRequest(...))`.
  public func run(_ line: String, location: String? = nil, echoesCommands: Bool = false) async -> Shell.Result {
    await submit(LineRequest(line, location: location, echoesCommands: echoesCommands))
  }

  /// The completions of a line typed up to the cursor, answered at once, for a line editor's
  /// callback that cannot wait, within `limit` or until `isInterrupted` says stop. Empty while
  /// another request has the turn, which cannot happen while the editor reads on the main
  /// actor: the prompt holds it.
  package func completionsAtOnce(
    for lineUpToCursor: String, limit: Duration, isInterrupted: @escaping @Sendable () -> Bool
  ) -> ShellCompletion {
    guard order.claimIfIdle() else { return ShellCompletion(candidates: [], replacedLength: 0) }
    defer { order.finish() }
    return ShellCompletion.of(lineUpToCursor, in: shell, limit: limit, isInterrupted: isInterrupted)
  }

  /// Draws the next place in the order for a request that has just arrived; callable from any
  /// thread, so that the place follows the arrival.
  public nonisolated func drawTurn() -> Turn {
    Turn(ticket: order.draw())
  }

  /// Gives up a drawn place whose request will not be submitted (cancelled, or refused before
  /// reaching the session), so that the requests after it do not wait for it. Nothing happens
  /// once it has been submitted.
  public nonisolated func giveUp(_ turn: Turn) {
    order.giveUp(turn.ticket)
  }
}
