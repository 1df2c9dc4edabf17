/// What an attachment reads of the running session between lines, without a command: what
/// `tail` filters the app's actions by, and the watches the app's own actions refresh. Each
/// reaches the typed session through `AnyDomainSession.read`.
package enum LiveReads {
  /// The action cases `hide` keeps out of the output.
  package struct HiddenActionsRead: SessionReader {
    package typealias Failure = Never

    package init() {}

    /// The hidden action cases now.
    package func read<State: Sendable, Action: Decodable & Equatable & Sendable>(_ session: DomainSession<State, Action>) -> HiddenActions {
      session.printer.hiddenActions
    }
  }

  /// The breakpoints as `tail` checks them on the app's actions, off the main actor.
  package struct TailBreaksRead: SessionReader {
    package typealias Failure = Never

    package init() {}

    /// The breakpoints now; nil when none is set.
    package func read<State: Sendable, Action: Decodable & Equatable & Sendable>(_ session: DomainSession<State, Action>) -> TailBreaks? {
      session.checks.tailBreaks()
    }
  }

  /// Whether any selector is watched.
  package struct IsWatchingRead: SessionReader {
    package typealias Failure = Never

    package init() {}

    /// True when a selector is watched now.
    package func read<State: Sendable, Action: Decodable & Equatable & Sendable>(_ session: DomainSession<State, Action>) -> Bool {
      session.checks.active.contains(.watches)
    }
  }

  /// Records the app's own actions its tap described into the history and the change index
  /// (`DomainSession.recordAppActions`).
  package struct RecordAppActions: SessionReader {
    package typealias Failure = Never
    /// The reports, in the order the app dispatched.
    let dispatches: [TappedDispatch]

    package init(dispatches: [TappedDispatch]) {
      self.dispatches = dispatches
    }

    /// Records them.
    package func read<State: Sendable, Action: Decodable & Equatable & Sendable>(_ session: DomainSession<State, Action>) {
      session.recordAppActions(dispatches)
    }
  }

  /// Re-evaluates the watches on the current state (a live store changed by the app's own
  /// actions); those that changed print with the next line.
  package struct RefreshWatches: SessionReader {
    package typealias Failure = Never

    package init() {}
    /// Reads the watched selectors again; what changed prints with the next line.
    package func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
      _ session: DomainSession<State, Action>
    ) {
      session.checks.refreshWatches()
    }
  }
}
