import Foundation
import ReplShellHost
import ReplShellSession
import ReplShellTransport
import SessionProtocol
import Synchronization

/// What an inspector's connection relays while it follows an attached shell's session: that
/// session's events as it emits them, and the app's own actions as the tap describes them, each
/// redacted with the shell's redactions and folded by its `hide` as they stood at the shell's
/// last event, and cut short as the inspector's page is sent them. Written to the connection's
/// outbox without ever waiting: the app's actions, as `tail`'s, are dropped when the shell lags.
final class InspectionFollower: Sendable {
  private struct Snapshot: Sendable {
    var hidden = HiddenActions()
    var redact: @Sendable (SessionEvent) -> SessionEvent = { $0 }
    /// Whether the session is on the live store, where the tap reports every action, the
    /// shell's own included: its `dispatched` events are then not relayed twice.
    var isLive = false

    @MainActor init(_ shell: Shell) {
      hidden = shell.slot.hiddenActions
      redact = shell.inspection.eventRedaction
      isLive = shell.slot.isOnLiveStore
    }
  }

  private struct State: Sendable {
    var snapshot: Snapshot?
    var relay: Task<Void, Never>?
  }

  private let state = Mutex(State())
  private let outbox: AttachmentOutbox

  init(outbox: AttachmentOutbox) {
    self.outbox = outbox
  }

  /// Whether the connection follows a shell.
  var isFollowing: Bool { state.withLock { $0.snapshot != nil } }

  /// Starts relaying `shell`'s events (ending any earlier follow).
  @MainActor func follow(_ shell: Shell) {
    // The shell's session so far first (the tap saw none of it), then each new event.
    let (recent, stream) = shell.events.subscribeRedactable(withRecent: SessionEventStream.inspectorBacklog)
    let snapshot = Snapshot(shell)
    let relay = Task { @MainActor [weak shell, self] in
      for emitted in recent { send(emitted.redacted, isAppAction: false) }
      for await emitted in stream {
        if let shell { refresh(from: shell) }
        if case .dispatched = emitted.event, state.withLock({ $0.snapshot?.isLive ?? false }) { continue }
        send(emitted.redacted, isAppAction: false)
      }
    }
    let earlier = state.withLock { state in
      defer { state = State(snapshot: snapshot, relay: relay) }
      return state.relay
    }
    earlier?.cancel()
  }

  /// Stops relaying.
  func stop() {
    let relay = state.withLock { state in
      defer { state = State() }
      return state.relay
    }
    relay?.cancel()
  }

  /// Relays one of the app's own actions, when following.
  func deliver(_ dispatch: TappedDispatch) {
    guard let snapshot = state.withLock({ $0.snapshot }) else { return }
    let hides = dispatch.path.map(snapshot.hidden.hides) ?? false
    let event = DispatchEvent(action: dispatch.text, origin: .app, diff: hides ? nil : dispatch.diff, isHidden: hides)
    let shown = InspectorEventCut.shortened(snapshot.redact(.dispatched(event)))
    outbox.sendTail(Self.relayed(shown, isAppAction: true))
  }

  @MainActor private func refresh(from shell: Shell) {
    let snapshot = Snapshot(shell)
    state.withLock { state in
      if state.snapshot != nil { state.snapshot = snapshot }
    }
  }

  private func send(_ event: SessionEvent, isAppAction: Bool) {
    outbox.send(Self.relayed(InspectorEventCut.shortened(event), isAppAction: isAppAction))
  }

  /// The event as relayed: with the history entry it made and whether it moves the history,
  /// passed on to the page as it is.
  static func relayed(_ event: SessionEvent, isAppAction: Bool) -> AppMessage {
    .inspected(RelayedEvent(event: event, entry: InspectorEventCut.entry(of: event), moves: InspectorEventCut.movesHistory(event), app: isAppAction))
  }
}
