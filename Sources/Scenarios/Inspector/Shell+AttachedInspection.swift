/// What the inspector of an attached shell reads of the session the app keeps for that shell:
/// whether it is on the live store or a fork (the buttons that cannot work live are disabled),
/// and its redactions over whole events (the app's own actions are redacted as the shell's are).
extension Shell {
  /// `live`, `live, read-only` or `fork` for a session on a running app's store; nil for a local one.
  /// Whether the session is the app's live store, where the tap reports every action, the
  /// shell's own included.
  package var isOnLiveStore: Bool {
    if case .live = session?.liveness { true } else { false }
  }

  package var inspectedLiveness: String? {
    switch session?.liveness {
    case .live(allowsWrites: true): "live"
    case .live(allowsWrites: false): "live, read-only"
    case .fork: "fork"
    case .local, nil: nil
    }
  }

  /// The shell's redactions as they stand, as a function over an event: the text it carries
  /// redacted as the transcript would print it, commands and comments as written.
  package var inspectedEventRedaction: @Sendable (SessionEvent) -> SessionEvent {
    let redactions = self.redactions
    return { event in redactions.isActive ? redactions.apply(to: event) : event }
  }

  /// What `tail` applies to the app's actions before they go to this shell: nil when no
  /// redaction is in force, so the app encodes each action once for every shell that redacts nothing.
  package var tailRedaction: (@Sendable (SessionEvent) -> SessionEvent)? {
    redactsOutput ? inspectedEventRedaction : nil
  }
}
