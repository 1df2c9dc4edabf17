import StateValues
/// One action that went to the store: who dispatched it, what it changed, or why the reducer
/// rejected it.
public struct DispatchEvent: Sendable, Equatable {
  /// Who dispatched an action.
  public enum Origin: String, Sendable, Equatable, CaseIterable {
    /// Typed at the prompt, or sent by a tool (MCP, an attached client).
    case user
    /// A line of a script (`--script`, `--check`, `source`).
    case script
    /// A listener, as a side effect of an earlier action.
    case listener
    /// The live app's store, as an attached shell's `tail` sees every action it dispatches.
    case app
  }

  /// What led to a dispatch: a line someone typed or a script ran, or the listener side effect
  /// of an earlier action.
  public enum Cause: Sendable, Equatable, Hashable {
    /// A line typed in the session (at the prompt, or sent by a tool), by its number in the
    /// session's input: `line 3`.
    case typedLine(Int)
    /// A line of a script, as `file:line`.
    case scriptLine(String)
    /// A listener, as a side effect of the action at this history entry.
    case entry(Int)

    /// The cause as the shell writes it: `line 3`, `scenarios/edit.txt:7`, `#4`.
    public var description: String {
      switch self {
      case .typedLine(let number): "line \(number)"
      case .scriptLine(let location): location
      case .entry(let entry): "#\(entry)"
      }
    }
  }

  /// The action as the shell writes it: `ui.animalList.onAppear`.
  public let action: String
  /// Who dispatched it.
  public let origin: Origin
  /// The diff of the state, `no change` when equal; nil when the reducer rejected the action or
  /// `hide` kept it out of the output (its diff is then never computed).
  public let diff: [OutputLine]?
  /// The reducer's error when it rejected the action; the state is then unchanged.
  public let rejection: String?
  /// True when `hide` matched the action and `debug actions` is off: transcripts leave it out.
  public let isHidden: Bool
  /// The number the history gave the action, as `history` lists it and `jump` takes it; nil when
  /// the reducer rejected it (no entry was made).
  public let entry: Int?
  /// What led to the dispatch; nil when it is not known (an app's own action, or one dispatched
  /// by a task a listener spawned rather than by the listener's own loop).
  public let cause: Cause?

  /// Describes a dispatch.
  public init(
    action: String, origin: Origin, diff: [OutputLine]?, rejection: String? = nil, isHidden: Bool = false, entry: Int? = nil,
    cause: Cause? = nil
  ) {
    self.action = action
    self.origin = origin
    self.diff = diff
    self.rejection = rejection
    self.isHidden = isHidden
    self.entry = entry
    self.cause = cause
  }
}
