import Synchronization

/// Which dispatch each listener is reacting to, so that an action a listener dispatches names
/// the action that caused it.
///
/// A listener reads its stream in one task, one element at a time (`for await … in stream`):
/// from the moment its `ListenerStream` hands the task an element until the task asks for the
/// next one, whatever that task dispatches was caused by that element's dispatch. Tasks are
/// told apart by their identity, so a listener's code stays as the guide writes it. An action
/// dispatched by another task the listener starts (`Task {}`, `async let`, a task group) is not
/// the listener's own task: its cause is not known.
final class ListenerCauses: Sendable {
  /// The serial of the dispatch each task is reacting to, by the task's address.
  private let reacting = Mutex<[UInt: Int]>([:])

  /// The task that calls, as a key: its address, valid while the task runs (a task's entry is
  /// removed when it asks for its next element or its stream ends, so an address reused by a
  /// later task never finds an earlier task's entry while that one still runs).
  static var currentTask: UInt? {
    withUnsafeCurrentTask { task in task.map { unsafeBitCast($0, to: UInt.self) } }
  }

  /// The calling task now reacts to the dispatch with `serial`.
  func startReacting(to serial: Int) {
    guard let task = Self.currentTask else { return }
    reacting.withLock { $0[task] = serial }
  }

  /// The calling task is done with its element.
  func stopReacting() {
    guard let task = Self.currentTask else { return }
    _ = reacting.withLock { $0.removeValue(forKey: task) }
  }

  /// The serial of the dispatch the calling task reacts to; nil outside a listener's loop.
  var causeOfCurrentTask: Int? {
    guard let task = Self.currentTask else { return nil }
    return reacting.withLock { $0[task] }
  }
}
