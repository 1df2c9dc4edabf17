import ImmutableData
import StateValues

/// Waits until the listeners of a session's store have finished with everything dispatched, so
/// that a command prints what they did without sleeping; says so when the wait runs long.
@MainActor final class Settler {
  private let activity: StreamActivity
  let timeout: Duration
  /// Told `true` when a wait lasts longer than a moment, and `false` when it ends.
  var onWaiting: (@MainActor (Bool) -> Void)?

  /// A settler over the listener streams `activity` counts, giving up after `timeout`.
  init(activity: StreamActivity, timeout: Duration) {
    self.activity = activity
    self.timeout = timeout
  }

  /// Whether every listener is back waiting now: `settle` would return at once.
  var isIdle: Bool { activity.isIdle }

  /// Returns once every listener is back waiting; throws when interrupted or out of time.
  /// `actionText(back:)` writes the action dispatched `back` dispatches ago (1: the latest), if
  /// the session still knows it, so that running out of time can say what a listener is at.
  func settle(actionText: (_ back: Int) -> String? = { _ in nil }) async throws(CommandError) {
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
      throw CommandError(
        "listeners did not finish their side effects within \(Self.text(of: timeout))\(stillAtWork(actionText: actionText)); "
          + "the session may be out of date (a domain that needs longer sets `settleTimeout`)")
    }
  }

  /// Which listener streams are still at work and on what, as `: still at work: listener stream 1 on …`.
  /// A stream's consumer holds the oldest element it has not finished with, which is the action
  /// dispatched as many dispatches ago as it has elements unfinished.
  private func stillAtWork(actionText: (_ back: Int) -> String?) -> String {
    let busy = activity.busyStreams
    guard !busy.isEmpty else { return "" }
    let streams = busy.map { stream in
      let action = actionText(stream.unfinished).map { " on `\($0)`" } ?? ""
      let waiting = stream.unfinished > 1 ? " (\(stream.unfinished - 1) more waiting)" : ""
      return "listener stream \(stream.stream)\(action)\(waiting)"
    }
    return ": still at work: " + streams.joined(separator: ", ")
  }

  /// A duration as people write it: `60 seconds`, `0.5 seconds`.
  static func text(of duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let value = attoseconds == 0 ? String(seconds) : String(duration.inSeconds)
    return value + (value == "1" ? " second" : " seconds")
  }
}
