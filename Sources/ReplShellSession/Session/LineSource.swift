import SessionProtocol
/// Where a command's line comes from: who a dispatch by it counts as, where it is in a script,
/// what it is as the cause of what it dispatches, and the report of what its dispatches find.
public struct LineSource: Sendable {
  /// Who a dispatch of this line counts as: the user, or a script.
  public let origin: DispatchEvent.Origin
  /// Where the line is (`file.txt:12`) when it comes from a script.
  public let location: String?
  /// The line as what caused what it dispatches: `file.txt:12`, or its number in the session's
  /// input (`line 3`); nil when not known.
  public let cause: DispatchEvent.Cause?
  /// The line's own report: the session's checks write into it what the line's dispatches (and
  /// its listeners', while it waits for them) break or make true; the line runner reads it when
  /// the line ends.
  public let report: LineReport

  /// A line from `origin` at `location`, reported into `report`; `typedLine` is its number among the lines typed.
  public init(origin: DispatchEvent.Origin, location: String?, typedLine: Int?, report: LineReport) {
    self.origin = origin
    self.location = location
    self.cause = location.map { .scriptLine($0) } ?? typedLine.map { .typedLine($0) }
    self.report = report
  }
}
