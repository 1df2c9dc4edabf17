import ReplShellHost
import ReplShellSession

/// An attached shell's line, run in its turn once the app's earlier actions are in the history.
struct CaughtUpLine: SessionRequest {
  let line: ParsedLineRequest
  let responder: Responder

  @MainActor func perform(in shell: Shell) async -> Shell.Result {
    await responder.catchUpWithTheApp()
    return await line.perform(in: shell)
  }
}
