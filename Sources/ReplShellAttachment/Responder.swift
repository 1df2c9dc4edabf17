import Foundation
import ReplShellSession
import SessionProtocol
import StateValues

/// The main-actor side of a connection: the session host the app keeps for one attached shell,
/// and what each of the shell's requests does there.
@MainActor final class Responder: LiveControl {
  /// The session's host: the shell's lines and its inspector's take their turns here.
  let host: SessionHost
  let connection: AttachmentConnection
  /// The shell this connection's inspector follows, if it is one.
  weak var followed: Responder?

  var shell: Shell { host.shell }

  init(connection: AttachmentConnection) {
    self.connection = connection
    let shell = Shell(
      domains: [connection.attachment.domain], isScript: false, baseDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
      commands: .core)
    // Kept for an inspector the shell starts later (`inspect`), which is then sent the session so far.
    shell.events.keepRecent(SessionEventStream.inspectorBacklog)
    self.host = SessionHost(shell: shell)
  }

  /// Opens the session over the app's live store and tells the shell (`done`); false, having
  /// told it why, when the store is not the domain's.
  func attach() -> Bool {
    let attachment = connection.attachment
    do throws(CommandError) {
      try shell.attach(to: attachment.domain, store: attachment.store, allowsWrites: attachment.allowsWrites, label: attachment.label, control: self)
      connection.outbox.send(.done(done(succeeded: true, quit: false)))
      return true
    } catch {
      connection.outbox.send(.refused(error.message))
      connection.outbox.finish()
      return false
    }
  }

  /// Ends the session.
  func close() async {
    connection.attachment.updateTap()
    await shell.close()
  }

  /// Answers one request.
  func handle(_ arrived: ArrivedRequest) async {
    switch arrived {
    case .line(let parsed):
      await run(parsed)
    case .complete(let line):
      // The main actor only takes the session's snapshot; the completion runs off it, within its
      // budget, so the app's own work goes on whatever line the shell sends.
      let completion = await host.submit(CompletionQuery(line, limit: CompletionBudget.attachedLimit))
      connection.outbox.reply([
        .completions(CompletionAnswer(
          replaced: completion.replacedLength, candidates: completion.candidates.map { .init(text: $0.text, word: $0.isWholeWord) },
          refused: completion.refusal))
      ])
    case .inspect(let id, let call):
      connection.outbox.reply([.inspection(id: id, await answer(call))])
    case .untail:
      connection.tail.withLock { $0 = nil }
      connection.attachment.updateTap()
      connection.outbox.reply([.done(done(succeeded: true, quit: false))])
    case .hello:
      // Said once, first; a second hello changes nothing.
      break
    }
  }

  /// Runs a line the connection parsed on its way here: `submit` takes its place in the
  /// session's order now, as it arrives on the main actor, and only running it holds the main actor.
  private func run(_ parsed: ParsedLineRequest) async {
    let result = await host.submit(parsed)
    let redact = shell.inspection.tailRedaction
    connection.tail.withLock { filter in
      filter?.hidden = shell.slot.hiddenActions
      filter?.redact = redact
    }
    updateWatching()
    // The line's events and its `done` in one send, as the shell reads them.
    connection.outbox.reply(result.events.map { .event($0) } + [.done(done(succeeded: result.succeeded, quit: result.quit))])
  }

  /// The end of a line, as the shell is told it.
  func done(succeeded: Bool, quit: Bool) -> LineDone {
    LineDone(succeeded: succeeded, quit: quit, prompt: shell.prompt, tailing: connection.tail.withLock { $0 != nil })
  }

  /// Has the app's dispatches refresh the watches while the live session watches anything.
  func updateWatching() {
    var refresh: (@Sendable () -> Void)?
    if shell.slot.watchesLiveState {
      refresh = { [weak self] in
        Task { @MainActor in
          guard let self else { return }
          self.connection.watching.withLock { $0.isScheduled = false }
          self.shell.slot.liveStateChanged()
        }
      }
    }
    connection.watching.withLock { $0.refresh = refresh }
    connection.attachment.updateTap()
  }

  func startTail(only: ActionPattern?) {
    connection.tail.withLock {
      $0 = AttachmentConnection.TailFilter(
        only: only, hidden: shell.slot.hiddenActions, redact: shell.inspection.tailRedaction,
        breaks: shell.slot.tailBreaks)
    }
    connection.attachment.updateTap()
  }
}
