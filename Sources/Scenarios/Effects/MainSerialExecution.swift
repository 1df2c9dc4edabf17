#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a domain's listeners serialized on the main actor, so that what they do after a held
/// effect completes happens in one order only. A listener's task need not be isolated to the
/// main actor (the guide's `Task { [weak self] in … }` is not): the tasks it makes start inside
/// `run`, whose task has a priority of its own that they inherit, and every job of that priority
/// the runtime sends to the global concurrent executor goes to the main actor instead, in the
/// order it was sent. Jobs of every other task run as always, so the rest of the process (a
/// server, the inspector, other tests) is untouched.
///
/// It works through the Swift runtime's hook for enqueuing global jobs, the mechanism
/// swift-concurrency-extras' `withMainSerialExecutor` uses for a whole process. Jobs sent with a
/// delay (`Task.sleep`) and work on other threads (a real network call, NIO's event loops) are
/// not serialized, which is why held effects must stand in for them.
@MainActor enum MainSerialExecution {
  private typealias Original = @convention(thin) (UnownedJob) -> Void
  private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  /// The priority the serialized tasks run at: one no other task uses (between `.utility` and `.medium`).
  static let priority = TaskPriority(rawValue: 0x14)

  /// How many sessions or explores need the hook; it is installed while any does.
  private static var users = 0

  private static let hookSlot: UnsafeMutablePointer<Hook?>? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else { return nil }
    return symbol.assumingMemoryBound(to: Hook?.self)
  }()

  /// Whether the runtime offers the hook; without it, runs are not serialized (and may not repeat).
  static var isAvailable: Bool { hookSlot != nil }

  /// Sends the jobs of serialized tasks to the main actor until `release`.
  static func retain() {
    users += 1
    if users == 1 {
      hookSlot?.pointee = { job, original in
        // The literal of `priority`: a thin function captures nothing.
        if job.priority.rawValue == 0x14 { MainActor.shared.enqueue(job) } else { original(job) }
      }
    }
  }

  /// Undoes one `retain`.
  static func release() {
    users -= 1
    if users == 0 { hookSlot?.pointee = nil }
  }

  /// Runs `body` in a task of the serialized priority, so that the tasks it makes are serialized
  /// too; waits for it without raising its priority.
  static func run<Result: Sendable, Failure: Error>(
    _ body: @escaping @MainActor @Sendable () async throws(Failure) -> Result
  ) async throws(Failure) -> Result {
    retain()
    defer { release() }
    let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Swift.Result<Result, Failure>, Never>) in
      Task(priority: priority) { @MainActor in
        do throws(Failure) {
          continuation.resume(returning: .success(try await body()))
        } catch {
          continuation.resume(returning: .failure(error))
        }
      }
    }
    return try outcome.get()
  }
}
