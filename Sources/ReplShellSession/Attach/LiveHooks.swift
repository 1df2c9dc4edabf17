import Foundation
import ImmutableData
import ReplShellDomain
import ReplShellTransport
import SessionProtocol
import StateValues

/// What a domain does with a running app's store: checks that it is the domain's
/// `Store<State, Action>`, once, and binds it (`LiveStore`).
public struct LiveHooks: Sendable {
  /// The app's `store` bound to the domain, typed from now on; throws, saying what the domain
  /// drives, when it is not the domain's `Store<State, Action>`.
  public let bind: @MainActor @Sendable (AnyObject) throws(CommandError) -> LiveStore

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
    // The store hands over the state its reducer returned: the app's reducer never runs here.
    let describer = TapDescriber(ring: ring, catalog: catalog, stateDiff: stateDiff, sink: sink)
    describer.start()
    return LiveTap(
      stop: { [weak store] in
        if let store { store.removeTap(ring) } else { ring.finish() }
      },
      recorded: { ring.recorded }, catchUp: { describer.catchUp() })
  }
}

/// What a tap tells of the app's actions, in the order the app dispatched them.
public enum TapReport: Sendable {
  /// One action, described (with the drops just before it).
  case dispatched(TappedDispatch)
  /// This many actions dropped, not described, with none after them described yet: the app
  /// dispatched faster than the diffs could be computed, then nothing since. `through` is the
  /// number of the last of them among every dispatch the tap recorded.
  case dropped(Int, through: Int)
}

/// One action a live app dispatched, as `tail` prints it.
public struct TappedDispatch: Sendable {
  /// The action as the shell writes it.
  public let text: String
  /// Its case path, which `hide` matches; nil when the catalog lacks it.
  public let path: [String]?
  /// The diff of the state it made.
  public let diff: [OutputLine]
  /// How many of the app's actions just before this one were dropped, not described: the app
  /// dispatched faster than the diffs could be computed.
  public let droppedBefore: Int
  /// Its number among every dispatch the tap recorded (1 for the first): what the store's
  /// `tappedCount` was right after it, which tells a session's own dispatches from the app's.
  public let number: Int
  /// The action itself, the domain's `Action`.
  let action: any Sendable
  /// The paths of the state it changed, as its diff found them; nil when the diff failed.
  let changed: ChangedPaths?
  /// The state before the action, for the breakpoints a tailing shell set (`TailBreaks`).
  public let oldState: any Sendable
  /// The state the action led to, for the same breakpoints.
  public let newState: any Sendable
  /// The state the action led to as `Codable` writes it, computed when called (a flight recorder
  /// starting a new log file); nil when the state is not `Encodable`, an error when it does not encode.
  public let snapshot: @Sendable () throws(CommandError) -> JSONForm?

  /// The dispatch as a session event.
  public var event: SessionEvent {
    .dispatched(DispatchEvent(action: text, origin: .app, diff: diff))
  }
}

/// The breakpoints of a shell that tails an app: which ones the action `text` made true going
/// from the first state to the second (states of the app's store, as `TappedDispatch` carries them).
public typealias TailBreaks = @Sendable (_ text: String, _ old: any Sendable, _ new: any Sendable) -> [BreakEvent]
