import SessionProtocol
import StateValues
/// What one line found: the first invariant a dispatch broke and the first breakpoint a dispatch
/// made true, and where the line is. The line runner (`Shell.run`) makes one for each line and
/// hands it down with the line — in the command's context (`LineSource.report`) and so in every
/// dispatch, settle and release the line makes (`DispatchMode.dispatch(by:)`) — and the session's
/// checks write what they find into the report they are handed. When the line ends, its report
/// says what it found, and the line fails or stops by it. A `source` line's script lines each have
/// their own, so the outer line's place is never overwritten.
///
/// The store tells the session of a listener's dispatch by a callback, which no line hands a
/// report to: while a line waits for its listeners (a dispatch's settle, `settle`, `complete`,
/// `fail`) the session writes what their dispatches find into that line's report; what
/// dispatches find outside such a wait (a listener's or an app's between lines) goes into the
/// shell's mailbox, `SessionEventStream.unclaimed`, also a `LineReport`, which the next line to end
/// claims as found first.
@MainActor public final class LineReport: Sendable {
  /// What a line left when it ended.
  public struct Found {
    /// The first invariant a dispatch broke, as the error the line fails with.
    public let brokenInvariant: CommandError?
    /// The first breakpoint a dispatch made true: a script's line stops there.
    public let firedBreak: BreakEvent?
  }

  /// The script line (`file.txt:12`), which a breakpoint's report names; nil when typed, and for
  /// the mailbox.
  public let location: String?
  /// The first invariant a dispatch broke.
  public private(set) var brokenInvariant: CommandError?
  /// The first breakpoint a dispatch made true.
  private var firedBreak: BreakEvent?
  /// The breakpoint that stopped the script this line sourced (at any depth), which the line
  /// fails by: its result carries it up to the script it is a line of.
  public private(set) var sourcedScriptStop: BreakEvent?

  /// An empty report for the line at `location` (nil: typed, or the mailbox).
  nonisolated package init(location: String?) {
    self.location = location
  }

  /// What the report holds.
  public var found: Found {
    Found(brokenInvariant: brokenInvariant, firedBreak: firedBreak)
  }

  /// Keeps `error` as what the line fails with, unless an invariant broke already.
  func invariantBroke(_ error: CommandError) {
    if brokenInvariant == nil { brokenInvariant = error }
  }

  /// Keeps `stop` as where the line stops, unless a breakpoint fired already.
  func breakFired(_ stop: BreakEvent) {
    if firedBreak == nil { firedBreak = stop }
  }

  /// Keeps `stop` as what stopped the script this line sourced.
  public func sourcedScriptStopped(by stop: BreakEvent) {
    sourcedScriptStop = stop
  }

  /// Takes what the mailbox holds into this line's report, as found before what the line found
  /// itself (it mostly came between lines, before this line began), and empties the mailbox.
  public func claim(_ mailbox: LineReport) {
    if let broken = mailbox.brokenInvariant { brokenInvariant = broken }
    if let stop = mailbox.firedBreak { firedBreak = stop }
    mailbox.brokenInvariant = nil
    mailbox.firedBreak = nil
  }
}
