/// What an attachment reads of the running session between lines, without a command: what
/// `tail` filters the app's actions by, and the watches the app's own actions refresh. Each
/// reaches the typed session through `AnyDomainSession.read`.
public enum LiveReads {
  /// The action cases `hide` keeps out of the output.
  public struct HiddenActionsRead: SessionReader {
    /// Reading them cannot fail.
    public typealias Failure = Never

    /// A reader of the hidden action cases.
    public init() {}

    /// The hidden action cases now.
    public func read<State: Sendable, Action: Decodable & Equatable & Sendable>(_ session: DomainSession<State, Action>) -> HiddenActions {
      session.printer.hiddenActions
    }
  }

  /// The breakpoints as `tail` checks them on the app's actions, off the main actor.
  public struct TailBreaksRead: SessionReader {
    /// Reading them cannot fail.
    public typealias Failure = Never

    /// A reader of the breakpoints as `tail` checks them.
    public init() {}

    /// The breakpoints now; nil when none is set.
    public func read<State: Sendable, Action: Decodable & Equatable & Sendable>(_ session: DomainSession<State, Action>) -> TailBreaks? {
      session.checks.tailBreaks()
    }
  }

  /// Whether any selector is watched.
  public struct IsWatchingRead: SessionReader {
    /// Reading it cannot fail.
    public typealias Failure = Never

    /// A reader of whether any selector is watched.
    public init() {}

    /// True when a selector is watched now.
    public func read<State: Sendable, Action: Decodable & Equatable & Sendable>(_ session: DomainSession<State, Action>) -> Bool {
      session.checks.active.contains(.watches)
    }
  }

  /// Records the app's own actions its tap described into the history and the change index
  /// (`DomainSession.recordAppActions`).
  public struct RecordAppActions: SessionReader {
    /// Recording them cannot fail.
    public typealias Failure = Never
    /// The reports, in the order the app dispatched.
    let dispatches: [TappedDispatch]

    /// The recording of `dispatches`, the tap's reports in the order the app dispatched.
    public init(dispatches: [TappedDispatch]) {
      self.dispatches = dispatches
    }

    /// Records them.
    public func read<State: Sendable, Action: Decodable & Equatable & Sendable>(_ session: DomainSession<State, Action>) {
      session.recordAppActions(dispatches)
    }
  }

  /// Re-evaluates the watches on the current state (a live store changed by the app's own
  /// actions); those that changed print with the next line.
  public struct RefreshWatches: SessionReader {
    /// Refreshing them cannot fail.
    public typealias Failure = Never

    /// A refresh of every watch.
    public init() {}
    /// Reads the watched selectors again; what changed prints with the next line.
    public func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
      _ session: DomainSession<State, Action>
    ) {
      session.checks.refreshWatches()
    }
  }
}
