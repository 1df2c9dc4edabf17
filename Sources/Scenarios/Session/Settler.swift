import ImmutableData

/// Waits until the listeners of a session's store have finished with everything dispatched, so
/// that a command prints what they did without sleeping; says so when the wait runs long.
@MainActor final class Settler {
  private let activity: StreamActivity
  private let timeout: Duration
  /// Told `true` when a wait lasts longer than a moment, and `false` when it ends.
  var onWaiting: (@MainActor (Bool) -> Void)?

  /// A settler over the listener streams `activity` counts, giving up after `timeout`.
  init(activity: StreamActivity, timeout: Duration) {
    self.activity = activity
    self.timeout = timeout
  }

  /// Returns once every listener is back waiting; throws when interrupted or out of time.
  func settle() async throws(CommandError) {
    let activity = self.activity
    if activity.isIdle { return }
    let timeout = self.timeout
    let progress = Task { @MainActor [weak self] in
      try await Task.sleep(for: .milliseconds(250))
      self?.onWaiting?(true)
    }
    defer {
      progress.cancel()
      onWaiting?(false)
    }
    let settled = await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await activity.waitUntilIdle()
        return true
      }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
    if Task.isCancelled {
      throw CommandError("interrupted: listeners are still at work; what they dispatch shows with the next command")
    }
    if !settled {
      throw CommandError("listeners did not finish their side effects within \(timeout); the session may be out of date")
    }
  }
}
