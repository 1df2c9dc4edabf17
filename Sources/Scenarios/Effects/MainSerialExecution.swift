import Synchronization

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
/// swift-concurrency-extras' `withMainSerialExecutor` uses for a whole process, and counts every
/// job of those tasks, on the main actor too (through the hook for enqueuing main-actor jobs):
/// when a whole turn of the main actor passes with none enqueued, the listeners have stopped.
/// Jobs sent with a delay (`Task.sleep`) and work on other threads (a real network call, NIO's
/// event loops) are not serialized, which is why held effects must stand in for them.
@MainActor enum MainSerialExecution {
  private typealias Original = @convention(thin) (UnownedJob) -> Void
  private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  /// The priority the serialized tasks run at: one no other task uses (between `.utility` and `.medium`).
  static let priority = TaskPriority(rawValue: 0x14)

  /// How many sessions or explores need the hook; it is installed while any does.
  private static var users = 0

  private static let hookSlot: UnsafeMutablePointer<Hook?>? = hook(named: "swift_task_enqueueGlobal_hook")
  private static let mainHookSlot: UnsafeMutablePointer<Hook?>? = hook(named: "swift_task_enqueueMainExecutor_hook")

  private static func hook(named name: String) -> UnsafeMutablePointer<Hook?>? {
    dlsym(dlopen(nil, RTLD_NOW), name).map { $0.assumingMemoryBound(to: Hook?.self) }
  }

  /// Whether the runtime offers the hooks; without them, runs are not serialized (and may not repeat).
  static var isAvailable: Bool { hookSlot != nil && mainHookSlot != nil }

  /// Every job of a serialized task enqueued so far: it moves while the listeners are at work.
  static var jobsEnqueued: Int { serializedJobs.load(ordering: .relaxed) }

  /// Sends the jobs of serialized tasks to the main actor until `release`.
  static func retain() {
    users += 1
    if users == 1 {
      // The literal of `priority`: a thin function captures nothing.
      hookSlot?.pointee = { job, original in
        if job.priority.rawValue == 0x14 {
          serializedJobs.add(1, ordering: .relaxed)
          MainActor.shared.enqueue(job)
        } else {
          original(job)
        }
      }
      mainHookSlot?.pointee = { job, original in
        if job.priority.rawValue == 0x14 { serializedJobs.add(1, ordering: .relaxed) }
        original(job)
      }
    }
  }

  /// Undoes one `retain`.
  static func release() {
    users -= 1
    if users == 0 {
      hookSlot?.pointee = nil
      mainHookSlot?.pointee = nil
    }
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

/// The count behind `MainSerialExecution.jobsEnqueued`, global so that the hooks, which capture
/// nothing, reach it.
private let serializedJobs = Atomic<Int>(0)
