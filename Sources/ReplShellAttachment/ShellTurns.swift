/// Takes the lines run in one attached shell's session one at a time, whoever sends them: the
/// shell's own connection, or its inspector's (a button on the page). A line waits until the one
/// before it has finished, so that lines never interleave in the session.
@MainActor final class ShellTurns {
  private var isBusy = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// Runs `work` once every line that came before has finished.
  func run<Value>(_ work: () async -> Value) async -> Value {
    if isBusy {
      await withCheckedContinuation { waiting.append($0) }
    }
    isBusy = true
    defer {
      if waiting.isEmpty {
        isBusy = false
      } else {
        waiting.removeFirst().resume()
      }
    }
    return await work()
  }
}
