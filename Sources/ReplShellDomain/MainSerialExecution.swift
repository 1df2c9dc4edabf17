import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a domain's listeners serialized on the main actor, so that what they do after a held
/// effect completes happens in one order only. A listener's task need not be isolated to the
/// main actor (the guide's `Task { [weak self] in … }` is not): the tasks it makes start inside
/// `run(in:)`, whose task has a priority no other task uses — the lane's — which they inherit,
/// and every job of that priority the runtime sends to the global concurrent executor goes to
/// the main actor instead, in the order it was sent. Every job of the lane is counted, on the
/// main actor too, so a scheduler knows its listeners have stopped when a whole turn of the main
/// actor passes with none enqueued. Jobs of every other task run as always, so the rest of the
/// process (a server, the inspector, other sessions, other tests) is untouched.
///
/// It works through the Swift runtime's hooks for enqueuing global and main-actor jobs, the
/// mechanism swift-concurrency-extras' `withMainSerialExecutor` uses for a whole process. Jobs
/// sent with a delay (`Task.sleep`) and work on other threads (a real network call, NIO's event
/// loops) are not serialized, which is why held effects must stand in for them.
@MainActor public enum MainSerialExecution {
  private typealias Original = @convention(thin) (UnownedJob) -> Void
  private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  /// One session's or one explore's serialized tasks: a priority of their own, and their jobs counted.
  public final class Lane: Sendable {
    /// The priority the lane's tasks run at.
    public let priority: TaskPriority

    fileprivate init(priority: TaskPriority) {
      self.priority = priority
    }

    /// Every job of the lane's tasks enqueued so far: it moves while they are at work.
    var jobsEnqueued: Int { laneJobs.withLock { $0[Int(priority.rawValue)] } }
  }

  /// The priorities lanes take, none of them one the standard priorities use; when all are
  /// taken, lanes share them (their jobs are then counted together).
  private static let priorities: [UInt8] = [0x12, 0x13, 0x14, 0x16, 0x17, 0x18, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x1F]
  /// How many open lanes use each of `priorities`.
  private static var users = Array(repeating: 0, count: 12)

  private static let hookSlot = hook(named: "swift_task_enqueueGlobal_hook")
  private static let mainHookSlot = hook(named: "swift_task_enqueueMainExecutor_hook")

  private static func hook(named name: String) -> UnsafeMutablePointer<Hook?>? {
    dlsym(dlopen(nil, RTLD_NOW), name).map { $0.assumingMemoryBound(to: Hook?.self) }
  }

  /// A lane of its own, the hooks installed while any is open; `close` it when its tasks are done.
  public static func openLane() -> Lane {
    let index = users.indices.min { users[$0] < users[$1] } ?? 0
    users[index] += 1
    let raw = priorities[index]
    laneMask.bitwiseOr(1 << UInt64(raw), ordering: .relaxed)
    if users.reduce(0, +) == 1 { installHooks() }
    return Lane(priority: TaskPriority(rawValue: raw))
  }

  /// Closes `lane`: its priority is free again, and the hooks go when no lane is open.
  public static func close(_ lane: Lane) {
    guard let index = priorities.firstIndex(of: lane.priority.rawValue), users[index] > 0 else { return }
    users[index] -= 1
    if users[index] == 0 { laneMask.bitwiseAnd(~(1 << UInt64(lane.priority.rawValue)), ordering: .relaxed) }
    if users.reduce(0, +) == 0 {
      hookSlot?.pointee = nil
      mainHookSlot?.pointee = nil
    }
  }

  private static func installHooks() {
    hookSlot?.pointee = { job, original in
      let raw = job.priority.rawValue
      guard raw < 64, laneMask.load(ordering: .relaxed) & (1 << UInt64(raw)) != 0 else { return original(job) }
      laneJobs.withLock { $0[Int(raw)] += 1 }
      MainActor.shared.enqueue(job)
    }
    mainHookSlot?.pointee = { job, original in
      let raw = job.priority.rawValue
      if raw < 64, laneMask.load(ordering: .relaxed) & (1 << UInt64(raw)) != 0 { laneJobs.withLock { $0[Int(raw)] += 1 } }
      original(job)
    }
  }

  /// Runs `body` in a task of `lane`'s priority, so that the tasks it makes are in the lane too;
  /// waits for it without raising its priority. Only what starts the listeners belongs there:
  /// whatever else runs in the lane counts as their work, and a settle that waits in it waits
  /// for itself.
  public static func run<Result: Sendable, Failure: Error>(
    in lane: Lane, _ body: @escaping @MainActor @Sendable () async throws(Failure) -> Result
  ) async throws(Failure) -> Result {
    let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Swift.Result<Result, Failure>, Never>) in
      Task(priority: lane.priority) { @MainActor in
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

/// The priorities of the open lanes, one bit each, read by the hooks (which capture nothing).
private let laneMask = Atomic<UInt64>(0)
/// The jobs enqueued in each lane, by priority.
private let laneJobs = Mutex(Array(repeating: 0, count: 64))
