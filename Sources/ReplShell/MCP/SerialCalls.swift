/// Runs the MCP server's calls one after another. `ArrivalOrderTransport` hands the server one
/// request at a time; this keeps a call that was cancelled mid-way from overlapping the next, since
/// a session is a sequence: a dispatch must settle before the next call reads it.
@MainActor final class SerialCalls {
  private var tail: Task<Void, Never>?

  /// Runs `work` after every call that came before it.
  func run<Output: Sendable>(_ work: @escaping @MainActor () async -> Output) async -> Output {
    let previous = tail
    let task = Task { @MainActor in
      await previous?.value
      return await work()
    }
    tail = Task { _ = await task.value }
    return await task.value
  }

  /// Waits until every call so far has finished.
  func drain() async {
    await tail?.value
  }
}
