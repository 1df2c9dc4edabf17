import ReplShellSession
import Synchronization

/// The app's own actions on their way into one attached shell's history. The tap's thread hands
/// each action it described here (`deliver`), in the order the app dispatched them; the shell's
/// session records them on the main actor (`Responder.recordAppActions`): before each of the
/// shell's lines, once every action the app dispatched until then has come
/// (`wait(until:limit:)`), so that the history keeps the order the store saw; and between lines
/// only when `recordEvery` wait, so that an app's bursts do not each cost its main actor a
/// recording per shell while nobody reads the history.
final class AppActionFeed: Sendable {
  /// How many described actions may wait for the main actor; those beyond are not recorded (and
  /// counted), which only a main actor held for seconds by the app itself lets happen.
  static let capacity = 4096
  /// How many waiting actions have the session record them without waiting for a line.
  static let recordEvery = 1024

  private struct Contents {
    var waiting: [TappedDispatch] = []
    /// The tap's number of the last dispatch accounted for, described or dropped.
    var reached = 0
    /// Reports up to this number came before the session started, and are left out.
    var floor = Int.max
    var isOpen = false
    /// Whether a recording on the main actor is on its way.
    var isScheduled = false
    /// What records the waiting actions on the main actor, while open.
    var record: (@MainActor @Sendable () -> Void)?
    /// A line waiting until the number `target` is reached, and the number of its wait.
    var waiter: (target: Int, wait: Int, continuation: CheckedContinuation<Bool, Never>)?
    var waits = 0
    /// A wait whose limit passed before it began waiting.
    var expired: Int?
    /// Actions not recorded because `capacity` were waiting.
    var overflowed = 0
  }

  private let contents = Mutex(Contents())

  /// Starts taking the app's actions for a session, leaving out every report until `start(after:)`
  /// says where the session began; `record` records what waits, on the main actor.
  func open(record: @escaping @MainActor @Sendable () -> Void) {
    contents.withLock {
      $0.isOpen = true
      $0.record = record
    }
  }

  /// The session began after the tap's dispatch `number`: the reports up to it are left out, and
  /// so accounted for (the tap may have run long before, for another shell or a flight recorder).
  func start(after number: Int) {
    let waiter = contents.withLock { contents in
      contents.floor = number
      return Self.reach(number, in: &contents)
    }
    waiter?.resume(returning: true)
  }

  /// Stops taking actions; a line waiting for them runs.
  func close() {
    let waiter = contents.withLock { contents in
      contents.isOpen = false
      contents.record = nil
      contents.waiting = []
      defer { contents.waiter = nil }
      return contents.waiter
    }
    waiter?.continuation.resume(returning: false)
  }

  /// Whether a recording on the main actor is on its way.
  var isRecordingScheduled: Bool {
    contents.withLock { $0.isScheduled }
  }

  /// Whether a session takes the app's actions.
  var isOpen: Bool {
    contents.withLock { $0.isOpen }
  }

  /// Keeps one described action for the session (on the tap's thread), and has it recorded soon.
  func deliver(_ dispatch: TappedDispatch) {
    let (waiter, record) = contents.withLock { contents -> (CheckedContinuation<Bool, Never>?, (@MainActor @Sendable () -> Void)?) in
      guard contents.isOpen else { return (nil, nil) }
      if dispatch.number > contents.floor {
        if contents.waiting.count < Self.capacity {
          contents.waiting.append(dispatch)
        } else {
          contents.overflowed += 1
        }
      }
      return (Self.reach(dispatch.number, in: &contents), Self.schedule(in: &contents))
    }
    waiter?.resume(returning: true)
    if let record { Task { @MainActor in record() } }
  }

  /// Accounts for the dispatches the tap dropped, through its number `number`.
  func advance(through number: Int) {
    let waiter = contents.withLock { contents in Self.reach(number, in: &contents) }
    waiter?.resume(returning: true)
  }

  /// The actions waiting, in order, taken out, and how many were left out since the last take
  /// because `capacity` waited; the next delivery schedules a recording again.
  func take() -> (dispatches: [TappedDispatch], overflowed: Int) {
    contents.withLock { contents in
      contents.isScheduled = false
      defer {
        contents.waiting = []
        contents.overflowed = 0
      }
      return (contents.waiting, contents.overflowed)
    }
  }

  /// Waits until every dispatch through the tap's number `target` is accounted for; false when
  /// `limit` passed first (no core described them that long) or the feed closed.
  func wait(until target: Int, limit: Duration) async -> Bool {
    let wait = contents.withLock { contents in
      contents.waits += 1
      return contents.waits
    }
    let timer = Task { [weak self] in
      try await Task.sleep(for: limit)
      self?.expire(wait)
    }
    defer { timer.cancel() }
    return await withCheckedContinuation { continuation in
      let ready = contents.withLock { contents -> Bool? in
        if !contents.isOpen || contents.expired == wait { return false }
        if contents.reached >= target { return true }
        contents.waiter = (target, wait, continuation)
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }

  /// Whether every dispatch through the tap's number `target` is accounted for.
  func hasReached(_ target: Int) -> Bool {
    contents.withLock { $0.reached >= target }
  }

  /// Ends wait number `wait` if it still waits: its limit passed.
  private func expire(_ wait: Int) {
    let waiter = contents.withLock { contents -> CheckedContinuation<Bool, Never>? in
      guard let waiter = contents.waiter, waiter.wait == wait else {
        contents.expired = wait
        return nil
      }
      contents.waiter = nil
      return waiter.continuation
    }
    waiter?.resume(returning: false)
  }

  /// Moves `reached` to `number`; the waiter to resume when that reaches its target.
  private static func reach(_ number: Int, in contents: inout Contents) -> CheckedContinuation<Bool, Never>? {
    contents.reached = max(contents.reached, number)
    guard let waiter = contents.waiter, contents.reached >= waiter.target else { return nil }
    contents.waiter = nil
    return waiter.continuation
  }

  /// What to call for a recording on the main actor, once `recordEvery` actions wait, unless one
  /// is on its way already.
  private static func schedule(in contents: inout Contents) -> (@MainActor @Sendable () -> Void)? {
    guard !contents.isScheduled, contents.waiting.count >= recordEvery, let record = contents.record else { return nil }
    contents.isScheduled = true
    return record
  }
}
