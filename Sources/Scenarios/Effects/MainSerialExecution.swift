#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs work with every job the process sends to the global concurrent executor sent to the
/// main actor instead, in the order it was sent: a listener's task that is not isolated to the
/// main actor (the guide's `Task { [weak self] in … }` is not) then runs there too, between
/// the scheduler's turns, so what it does after an effect completes happens in one order only.
///
/// It works through the Swift runtime's hook for enqueuing global jobs, the mechanism
/// swift-concurrency-extras' `withMainSerialExecutor` uses. While any `run` is under way the
/// whole process is serialized this way; jobs sent with a delay (`Task.sleep`) and work on other
/// threads (a real network call, NIO's event loops) are not, which is why held effects must stand
/// in for them.
@MainActor enum MainSerialExecution {
  private typealias Original = @convention(thin) (UnownedJob) -> Void
  private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  /// How many `run`s are under way; the hook is installed while any is.
  private static var depth = 0

  private static let hookSlot: UnsafeMutablePointer<Hook?>? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else { return nil }
    return symbol.assumingMemoryBound(to: Hook?.self)
  }()

  /// Whether the runtime offers the hook; without it, runs are not serialized (and may not repeat).
  static var isAvailable: Bool { hookSlot != nil }

  /// Runs `body` with global jobs sent to the main actor.
  static func run<Result, Failure: Error>(_ body: @MainActor () async throws(Failure) -> Result) async throws(Failure) -> Result {
    depth += 1
    if depth == 1 { hookSlot?.pointee = { job, _ in MainActor.shared.enqueue(job) } }
    defer {
      depth -= 1
      if depth == 0 { hookSlot?.pointee = nil }
    }
    return try await body()
  }
}
