import Scenarios

/// Takes command lines one at a time, whoever sends them: the terminal, a script, the inspector's
/// buttons. A line waits until the one before it has finished, so that lines never interleave.
@MainActor final class LineTurns {
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
