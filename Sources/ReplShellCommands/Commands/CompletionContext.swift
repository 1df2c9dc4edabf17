import Foundation
import ReplShellDomain
import ReplShellSession
import StateValues

/// What Tab may read of a shell, taken on the main actor at once and read on any thread after:
/// the domains, the folder paths start from, and a snapshot of the running session. Taking it
/// costs the same whatever the line; the work that grows with the line (splitting it, walking
/// a state path) runs on the snapshot, off the main actor, within `budget`.
public struct CompletionContext: Sendable {
  /// Every domain the shell knows.
  let domains: [Domain]
  /// The commands the shell runs.
  let commands: CommandSet
  /// The folder relative paths start from.
  public let baseDirectory: URL
  /// The running session as it was when Tab was pressed; nil when none runs.
  public let runningSession: CompletionSession?
  /// How much work the completion may do.
  let budget: CompletionBudget

  /// Takes what Tab needs from `host` to complete `lineUpToCursor`: what only one command
  /// completes (the held effects, the history's size) is taken when the line starts with it.
  @MainActor package init(host: any CommandHost, completing lineUpToCursor: String, budget: CompletionBudget) {
    domains = host.domains
    commands = host.commands
    baseDirectory = host.baseDirectory
    self.budget = budget
    runningSession = host.currentSession.map { CompletionSession($0, commandWord: Self.commandWord(of: lineUpToCursor)) }
  }

  /// The first word of the line, read no further than the longest command name could go.
  private static func commandWord(of line: String) -> Substring {
    line.prefix(64).drop { $0.isWhitespace }.prefix { !$0.isWhitespace }
  }
}

/// A running session as Tab reads it: its catalog, selectors and hidden actions, what a few
/// commands complete, and its state, encoded only when a path is completed.
public struct CompletionSession: Sendable {
  /// The domain's action cases.
  public let catalog: ActionCatalog
  /// Every selector: its name, signature and parameters with their completions.
  let selectorSignatures: [(name: String, signature: String, parameters: [(label: String, completions: [String])])]
  /// The action cases `hide` keeps out of the output.
  let hiddenActions: HiddenActions
  /// The numbers of the held side effects, for `complete` and `fail`; empty for other lines.
  let heldEffectNumbers: [Int]
  /// How many entries `history` lists, for `jump`; nil for other lines.
  let historyCount: Int?
  /// Encodes the state captured when Tab was pressed (a copy of a value: structural sharing
  /// makes it cheap); the encoding runs where completion runs.
  private let state: @Sendable () throws(CommandError) -> Value

  @MainActor init(_ session: any AnyDomainSession, commandWord: Substring) {
    self = session.read(Snapshot(commandWord: commandWord))
  }

  /// Takes the snapshot from the typed session.
  @MainActor private init<State: Sendable, Action: Decodable & Equatable & Sendable>(
    typed session: DomainSession<State, Action>, commandWord: Substring
  ) {
    catalog = session.printer.catalog
    selectorSignatures = session.checks.selectorSignatures
    hiddenActions = session.printer.hiddenActions
    // A session started without `--effects` holds none to offer.
    heldEffectNumbers = (commandWord == "complete" || commandWord == "fail") ? (session.effects.effectScheduler?.pending ?? []).map(\.number) : []
    historyCount = commandWord == "jump" ? session.timeline.historyPosition.count : nil
    state = session.stateEncoding()
  }

  /// The state paths, as typed, that complete `typed` by one step (see `StateNavigator`).
  func statePaths(completing typed: String, budget: CompletionBudget) -> [(path: String, isLeaf: Bool)] {
    guard let root = try? state() else { return [] }
    return StateNavigator(root: root).completions(of: typed, budget: budget)
  }
}

extension CompletionSession {
  /// Takes a completion snapshot of the typed session; `commandWord` is the line's first word.
  @MainActor struct Snapshot: SessionReader {
    typealias Failure = Never
    /// The line's first word, which decides what only one command completes.
    let commandWord: Substring

    /// The snapshot of `session` now.
    func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
      _ session: DomainSession<State, Action>
    ) -> CompletionSession {
      CompletionSession(typed: session, commandWord: commandWord)
    }
  }
}
