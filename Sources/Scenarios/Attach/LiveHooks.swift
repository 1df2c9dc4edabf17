import Foundation
import ImmutableData

/// What a domain does with a running app's store: a session over it for an attached shell, and a
/// tap that describes every action the app dispatches, off the app's main actor.
package struct LiveHooks: Sendable {
  /// A session over the app's store (which must be the domain's `Store<State, Action>`).
  let session: @MainActor @Sendable (AnyObject, SessionEventStream, Bool) throws -> any AnyDomainSession
  /// Starts describing the store's dispatches to `sink`, in order, on a thread of the lowest
  /// priority, from a bounded ring the store writes (`DispatchTap`); `stop()` the tap to end it.
  package let tap: @MainActor @Sendable (AnyObject, @escaping @Sendable (TappedDispatch) -> Void) throws -> LiveTap

  static func make<State: Sendable, Action: Decodable & Equatable & Sendable>(
    name: String, catalog: ActionCatalog, selectors: [SelectorDefinition<State, Action>],
    reducer: @escaping @Sendable (State, Action) throws -> State, stateDiff: StateDiff
  ) -> LiveHooks {
    @Sendable func typed(_ store: AnyObject) throws(CommandError) -> Store<State, Action> {
      guard let store = store as? Store<State, Action> else {
        throw CommandError("the \(name) domain drives a Store<\(State.self), \(Action.self)>; the app attached a \(type(of: store))")
      }
      return store
    }
    return LiveHooks(
      session: { store, events, allowsWrites in
        DomainSession.live(
          domainName: name, catalog: catalog, selectors: selectors, store: try typed(store), reducer: reducer,
          stateDiff: stateDiff, events: events, allowsWrites: allowsWrites)
      },
      tap: { store, sink in
        let store = try typed(store)
        let ring = DispatchTap<(oldState: State, action: Action)>(capacity: LiveTap.capacity)
        store.installTap(ring)
        // The reducer is pure: the new state is computed again here rather than read on the main actor.
        // A thread of its own, at the lowest priority: the diffs never take a core from the app.
        Thread.detachNewThread {
          BackgroundPriority.lowerCurrentThread()
          // Once stopped, nobody follows the app: what is still in the ring is not described.
          while let taken = ring.waitForNext(), !ring.isFinishing {
            let entry = taken.element
            let value = try? ValueEncoder.encodeForShell(entry.action)
            let text = value.map { catalog.text(for: $0) } ?? "(an action that cannot be printed)"
            let diff: [OutputLine]
            do {
              let lines = try stateDiff.lines(from: entry.oldState, to: try reducer(entry.oldState, entry.action))
              diff = lines.isEmpty ? [.note("no change")] : lines
            } catch {
              diff = [.error(String(describing: error))]
            }
            sink(TappedDispatch(text: text, path: value.flatMap { catalog.path(of: $0) }, diff: diff, droppedBefore: taken.droppedBefore))
          }
        }
        return LiveTap { [weak store] in
          if let store { store.removeTap(ring) } else { ring.finish() }
        }
      })
  }
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

  /// The dispatch as a session event.
  package var event: SessionEvent {
    .dispatched(DispatchEvent(action: text, origin: .app, diff: diff))
  }
}
