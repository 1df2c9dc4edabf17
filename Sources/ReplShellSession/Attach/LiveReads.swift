/// What an attachment reads of the running session between lines, without a command: what
/// `tail` filters the app's actions by, and the watches the app's own actions refresh. Each
/// reaches the typed session through `AnyDomainSession.read`.
enum LiveReads {
  /// The action cases `hide` keeps out of the output.
  struct HiddenActionsRead: SessionReader {
    typealias Failure = Never

    /// The hidden action cases now.
    func read<State: Sendable, Action: Decodable & Equatable & Sendable>(_ session: DomainSession<State, Action>) -> HiddenActions {
      session.printer.hiddenActions
    }
  }

  /// The breakpoints as `tail` checks them on the app's actions, off the main actor.
  struct TailBreaksRead: SessionReader {
    typealias Failure = Never

    /// The breakpoints now; nil when none is set.
    func read<State: Sendable, Action: Decodable & Equatable & Sendable>(_ session: DomainSession<State, Action>) -> TailBreaks? {
      session.checks.tailBreaks()
    }
  }

  /// Whether any selector is watched.
  struct IsWatchingRead: SessionReader {
    typealias Failure = Never

    /// True when a selector is watched now.
    func read<State: Sendable, Action: Decodable & Equatable & Sendable>(_ session: DomainSession<State, Action>) -> Bool {
      session.checks.active.contains(.watches)
    }
  }

  /// Records the app's own actions its tap described into the history and the change index
  /// (`DomainSession.recordAppActions`).
  struct RecordAppActions: SessionReader {
    typealias Failure = Never
    /// The reports, in the order the app dispatched.
    let dispatches: [TappedDispatch]

    /// Records them.
    func read<State: Sendable, Action: Decodable & Equatable & Sendable>(_ session: DomainSession<State, Action>) {
      session.recordAppActions(dispatches)
    }
  }

  /// Re-evaluates the watches on the current state (a live store changed by the app's own
  /// actions); those that changed print with the next line.
  struct RefreshWatches: SessionReader {
    typealias Failure = Never
    /// Reads the watched selectors again; what changed prints with the next line.
    func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
      _ session: DomainSession<State, Action>
    ) {
      session.checks.refreshWatches()
    }
  }
}
