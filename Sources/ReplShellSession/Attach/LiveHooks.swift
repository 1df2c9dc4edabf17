import Foundation
import ImmutableData
import ReplShellDomain
import ReplShellTransport
import SessionProtocol
import StateValues

/// What a domain does with a running app's store: checks that it is the domain's
/// `Store<State, Action>`, once, and binds it (`LiveStore`).
package struct LiveHooks: Sendable {
  /// The app's `store` bound to the domain, typed from now on; throws, saying what the domain
  /// drives, when it is not the domain's `Store<State, Action>`.
  package let bind: @MainActor @Sendable (AnyObject) throws(CommandError) -> LiveStore

  static func make<State: Sendable, Action: Decodable & Equatable & Sendable>(
    name: String, catalog: ActionCatalog, selectors: [SelectorDefinition<State, Action>],
    reducer: @escaping @Sendable (State, Action) throws -> State, stateDiff: StateDiff
  ) -> LiveHooks {
    LiveHooks { (store: AnyObject) throws(CommandError) -> LiveStore in
      guard let store = store as? Store<State, Action> else {
        throw CommandError("the \(name) domain drives a Store<\(State.self), \(Action.self)>; the app attached a \(type(of: store))")
      }
      return LiveStore(
        session: { events, allowsWrites in
          DomainSession.live(
            domainName: name, catalog: catalog, selectors: selectors, store: store, reducer: reducer, stateDiff: stateDiff,
            events: events, allowsWrites: allowsWrites)
        },
        tap: { sink in tap(store, catalog: catalog, stateDiff: stateDiff, into: sink) },
        snapshot: { () throws(CommandError) in try StateSnapshot.json(of: store.select { $0 }) })
    }
  }

  /// Starts describing `store`'s dispatches to `sink` (`LiveStore.tap`).
  @MainActor private static func tap<State: Sendable, Action: Sendable>(
    _ store: Store<State, Action>, catalog: ActionCatalog, stateDiff: StateDiff, into sink: @escaping @Sendable (TapReport) -> Void
  ) -> LiveTap {
    let ring = DispatchTap<Store<State, Action>.Tapped>(capacity: LiveTap.capacity)
    store.installTap(ring)
    let differ = StateEquality.differ(State.self)
    // The store hands over the state its reducer returned: the app's reducer never runs here.
    // A thread of its own, at the lowest priority (`BackgroundPriority`: the idle policy): the
    // diffs never take a core from the app, and the dispatch that wakes it is not preempted by it.
    BlockingThread.start("replshell.attach.tap") {
      BackgroundPriority.lowerCurrentThread()
      // The diff's trail, reused from one action to the next.
      var trail: ChangeTrail? = ChangeTrail()
      // Once stopped, nobody follows the app: what is still in the ring is not described.
      while let taken = ring.waitForNext(), !ring.isFinishing {
        // Drops with no action after them yet, told as the ring runs empty.
        guard let entry = taken.element else {
          sink(.dropped(taken.droppedBefore, through: taken.through))
          continue
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
        sink(
          .dispatched(
            TappedDispatch(
              text: text, path: path, diff: diff, droppedBefore: taken.droppedBefore, number: taken.through, action: entry.action,
              changed: changed, oldState: entry.oldState, newState: newState,
              snapshot: { () throws(CommandError) in try StateSnapshot.json(of: newState) })))
      }
    }
    return LiveTap(
      stop: { [weak store] in
        if let store { store.removeTap(ring) } else { ring.finish() }
      },
      recorded: { ring.recorded }, wake: { ring.wake() })
  }
}

/// What a tap tells of the app's actions, in the order the app dispatched them.
package enum TapReport: Sendable {
  /// One action, described (with the drops just before it).
  case dispatched(TappedDispatch)
  /// This many actions dropped, not described, with none after them described yet: the app
  /// dispatched faster than the diffs could be computed, then nothing since. `through` is the
  /// number of the last of them among every dispatch the tap recorded.
  case dropped(Int, through: Int)
}

/// One action a live app dispatched, as `tail` prints it.
package struct TappedDispatch: Sendable {
  /// The action as the shell writes it.
  package let text: String
  /// Its case path, which `hide` matches; nil when the catalog lacks it.
  package let path: [String]?
  /// The diff of the state it made.
  package let diff: [OutputLine]
  /// How many of the app's actions just before this one were dropped, not described: the app
  /// dispatched faster than the diffs could be computed.
  package let droppedBefore: Int
  /// Its number among every dispatch the tap recorded (1 for the first): what the store's
  /// `tappedCount` was right after it, which tells a session's own dispatches from the app's.
  package let number: Int
  /// The action itself, the domain's `Action`.
  let action: any Sendable
  /// The paths of the state it changed, as its diff found them; nil when the diff failed.
  let changed: ChangedPaths?
  /// The states before and after the action, for the breakpoints a tailing shell set (`TailBreaks`).
  package let oldState: any Sendable
  package let newState: any Sendable
  /// The state the action led to as `Codable` writes it, computed when called (a flight recorder
  /// starting a new log file); nil when the state is not `Encodable`, an error when it does not encode.
  package let snapshot: @Sendable () throws(CommandError) -> JSONForm?

  /// The dispatch as a session event.
  package var event: SessionEvent {
    .dispatched(DispatchEvent(action: text, origin: .app, diff: diff))
  }
}

/// The breakpoints of a shell that tails an app: which ones the action `text` made true going
/// from the first state to the second (states of the app's store, as `TappedDispatch` carries them).
package typealias TailBreaks = @Sendable (_ text: String, _ old: any Sendable, _ new: any Sendable) -> [BreakEvent]
