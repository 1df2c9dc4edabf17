import Foundation
import ReplShellCommands
import ReplShellFoundation
import ReplShellHost
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
  /// Whether one of the shell's lines runs: the app's actions are recorded after it, so that they
  /// keep their place beside its dispatches.
  private var isRunningLine = false

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
    // An attachment listens only once its store is bound, so a shell always finds one; said
    // rather than assumed.
    guard let store = attachment.store else {
      connection.outbox.send(.refused("the app's store is not one the \(attachment.domain.name) domain drives; the app's log says why"))
      connection.outbox.finish()
      return false
    }
    shell.attach(to: attachment.domain, store: store, allowsWrites: attachment.allowsWrites, label: attachment.label, control: self)
    // The session's history takes the app's actions from its initial state on: the tap runs
    // from now (or ran already), and nothing runs on the main actor between these lines.
    connection.appActions.open { [weak self] in self?.recordAppActions() }
    attachment.updateTap()
    connection.appActions.start(after: attachment.tap?.recorded ?? 0)
    connection.outbox.send(.done(done(succeeded: true, quit: false)))
    return true
  }

  /// Ends the session.
  func close() async {
    connection.appActions.close()
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
    isRunningLine = true
    let result = await host.submit(CaughtUpLine(line: parsed, responder: self))
    isRunningLine = false
    recordAppActions()
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

extension Responder {
  /// How long a line waits for the app's earlier actions to be described before it runs anyway:
  /// as long as a command waits for listeners to settle (60 s on a live store, or
  /// `REPLSHELL_SETTLE_TIMEOUT`). A thread of the normal priority describes them meanwhile
  /// (`LiveTap.catchUp()`), at most `LiveTap.capacity` of them: the limit only bounds a machine
  /// with no core to spare at all.
  var appActionsLimit: Duration {
    shell.settings.settleTimeout ?? .seconds(60)
  }

  /// Records the app's actions that came into the live session's history, unless a line runs
  /// (then right after it).
  func recordAppActions() {
    guard !isRunningLine else { return }
    record(connection.appActions.take())
  }

  /// Before a line runs, in its turn: waits until every action the app dispatched so far is
  /// described (at most `appActionsLimit`, without holding the main actor), then records them,
  /// so that the line's own dispatches come after them in the history, as they came after them
  /// in the store. Past the limit the line runs, and says so.
  func catchUpWithTheApp() async {
    guard let tap = connection.attachment.tap else { return }
    let target = tap.recorded
    if !connection.appActions.hasReached(target) {
      tap.catchUp()
      let limit = appActionsLimit
      if !(await connection.appActions.wait(until: target, limit: limit)), connection.appActions.isOpen {
        shell.events.emit(
          .note("the app's latest actions were not described within \(DurationText.show(limit)): they join the history after this line"))
      }
    }
    record(connection.appActions.take())
  }

  private func record(_ taken: (dispatches: [TappedDispatch], overflowed: Int)) {
    shell.slot.recordAppActions(taken.dispatches)
    if taken.overflowed > 0 {
      shell.events.emit(
        .note("\(taken.overflowed) of the app's actions are not in the history: \(AppActionFeed.capacity) waited for the app's main actor, the most the attachment keeps"))
    }
  }
}
