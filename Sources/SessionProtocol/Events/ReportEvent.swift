import StateValues

/// A tool's report as data beside the lines it prints: an `explore`'s coverage, a `linearize`
/// verdict with its witness. Front ends that draw rather than print (the inspector's page) read
/// the value by the tool that made it; the transcript prints the lines.
public struct ReportEvent: Sendable, Equatable {
  /// The command whose report it is.
  public enum Tool: String, Sendable, CaseIterable {
    /// `explore`: the seed, runs and steps, each action case's counts, the abstract states
    /// entered, distinct transitions, declared values never reached, the requirements' verdicts.
    case explore
    /// `linearize`: each history's verdict, and the witness of one that is not linearizable.
    case linearize
    /// `explore --against`: the other revision, the runs and steps compared, the noise, the
    /// allowed changes, the shrunk divergence (its actions, both outcomes, the values at the
    /// paths where the states part) and what `--bisect` named.
    case against
  }

  /// Which command made it.
  public let tool: Tool
  /// What the transcript prints for it (empty when the command's error prints it instead).
  public let lines: [OutputLine]
  /// The report itself.
  public let value: JSONForm

  /// Describes a report.
  public init(tool: Tool, lines: [OutputLine], value: JSONForm) {
    self.tool = tool
    self.lines = lines
    self.value = value
  }
}
