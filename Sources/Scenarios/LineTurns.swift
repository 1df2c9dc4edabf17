/// Takes command lines one at a time, whoever sends them: the terminal, a script, the inspector's
/// buttons, or in an attached app the shell's own connection and its inspector's. A line waits
/// until the one before it has finished, so that lines never interleave in a session.
@MainActor package final class LineTurns {
  private var isBusy = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// An idle queue of turns.
  package init() {}

  /// Runs `work` once every line that came before has finished.
  package func run<Value>(_ work: () async -> Value) async -> Value {
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
