import Foundation
import ImmutableData
import ReplShellDomain
import ReplShellTransport
import StateValues
import Synchronization

/// Describes what an app's store dispatched, read from its tap's ring, for the attachment: each
/// action as the shell writes it, the diff of the state it made and the paths that diff found.
///
/// Two threads describe, one at a time (`turn`), so that the reports keep the store's order:
/// - one at the lowest priority (`BackgroundPriority`: the idle policy) for the tap's life, which
///   describes each dispatch as it comes and never takes a core from the app;
/// - one at the normal priority while a shell's line waits for the app's earlier actions
///   (`catchUp()`): on a machine whose cores are all busy, the idle policy may get no core for
///   minutes, and the shell asked for them.
final class TapDescriber<State: Sendable, Action: Sendable>: Sendable {
  typealias Tapped = Store<State, Action>.Tapped

  private let ring: DispatchTap<Tapped>
  private let catalog: ActionCatalog
  private let stateDiff: StateDiff
  private let differ: (@Sendable (State, State) -> Bool)?
  private let sink: @Sendable (TapReport) -> Void
  /// The turn to describe, held while one thread takes a dispatch, describes it and reports it;
  /// with the diff's trail, reused from one dispatch to the next.
  private let turn = Mutex<ChangeTrail?>(ChangeTrail())
  /// Whether a catching-up thread runs, and whether a line asked for one since it last looked.
  private let catching = Mutex<(isRunning: Bool, isRequested: Bool)>((false, false))

  init(ring: DispatchTap<Tapped>, catalog: ActionCatalog, stateDiff: StateDiff, sink: @escaping @Sendable (TapReport) -> Void) {
    self.ring = ring
    self.catalog = catalog
    self.stateDiff = stateDiff
    self.differ = StateEquality.differ(State.self)
    self.sink = sink
  }

  /// Starts the lowest-priority thread that describes each dispatch as it comes, until the ring
  /// is finished: what is still in it then is not described, since nobody follows the app.
  func start() {
    BlockingThread.start("replshell.attach.tap") { [self] in
      BackgroundPriority.lowerCurrentThread()
      while ring.waitForSomethingToTake() {
        _ = describeNext()
      }
    }
  }

  /// Describes every dispatch waiting in the ring on a thread of the normal priority, for a line
  /// that waits for them; a thread already catching up looks again instead.
  func catchUp() {
    let starts = catching.withLock { catching -> Bool in
      catching.isRequested = true
      guard !catching.isRunning else { return false }
      catching.isRunning = true
      return true
    }
    guard starts else { return }
    BlockingThread.start("replshell.attach.catch-up") { [self] in
      while true {
        catching.withLock { $0.isRequested = false }
        while describeNext() {}
        // A line that asked while the ring ran empty may wait for a dispatch written since.
        let again = catching.withLock { catching -> Bool in
          if catching.isRequested { return true }
          catching.isRunning = false
          return false
        }
        guard again else { return }
      }
    }
  }

  /// Takes the oldest dispatch in the ring (or the drops not told yet), describes it and reports
  /// it, in the turn; false when the ring has nothing to take or is finished.
  private func describeNext() -> Bool {
    turn.withLock { trail -> Bool in
      guard !ring.isFinishing, let taken = ring.take() else { return false }
      sink(report(of: taken, trail: &trail))
      return true
    }
  }

  /// What the tap tells of one take: the drops with no action after them yet, or the action
  /// described (with the drops just before it).
  private func report(of taken: DispatchTap<Tapped>.Taken, trail: inout ChangeTrail?) -> TapReport {
    guard let entry = taken.element else {
      return .dropped(taken.droppedBefore, through: taken.through)
    }
    let text: String
    let path: [String]?
    do throws(CommandError) {
      let value = try ValueEncoder.encodeForShell(entry.action)
      (text, path) = (catalog.text(for: value), catalog.path(of: value))
    } catch {
      (text, path) = ("(an action the shell cannot print: \(error.message))", nil)
    }
    let diff: [OutputLine]
    // The paths the diff finds changed, which an attached session's `why` searches.
    var changed: ChangedPaths?
    do throws(CommandError) {
      trail?.reset()
      let lines = try stateDiff.lines(from: entry.oldState, to: entry.newState, differ: differ, trail: &trail)
      diff = lines.isEmpty ? [.note("no change")] : lines
      changed = trail.map { ChangedPaths(components: $0.components, ends: $0.ends) }
    } catch {
      diff = [.error(error.message)]
    }
    let newState = entry.newState
    return .dispatched(
      TappedDispatch(
        text: text, path: path, diff: diff, droppedBefore: taken.droppedBefore, number: taken.through, action: entry.action,
        changed: changed, oldState: entry.oldState, newState: newState,
        snapshot: { () throws(CommandError) in try StateSnapshot.json(of: newState) }))
  }
}
