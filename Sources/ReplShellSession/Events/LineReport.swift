/// What the line running has broken or stopped at, and where it is: the per-line value the line
/// runner (`Shell.run`) owns, kept with the shell's event stream, where every session the shell
/// runs (its own, an app's live one, a fork) reports. The line runner begins a line with its place
/// and ends it with what the line left; a session's checks write what they find into it as they
/// find it — in a listener's dispatch too, which no call of the line returns — and the session
/// keeps nothing of a line. What a listener breaks between lines waits here for the next line.
@MainActor package final class LineReport: Sendable {
  /// What a line left when it ended.
  package struct Found {
    /// The first invariant a dispatch broke, as the error the line fails with.
    package let brokenInvariant: CommandError?
    /// The first breakpoint a dispatch made true: a script's line stops there.
    package let firedBreak: BreakEvent?
  }

  /// The script line running (`file.txt:12`), which a breakpoint's report names; nil when typed
  /// or between lines.
  package private(set) var location: String?
  /// The first invariant a dispatch broke since the last line ended.
  package private(set) var brokenInvariant: CommandError?
  /// The first breakpoint a dispatch made true since the last line ended.
  private var firedBreak: BreakEvent?

  /// A report with nothing found and no line running.
  nonisolated init() {}

  /// Starts the line at `location` (nil: typed); returns the place of the line it runs inside
  /// (a `source` line's), which `end(restoring:)` puts back.
  package func begin(at location: String?) -> String? {
    defer { self.location = location }
    return self.location
  }

  /// Ends the line: returns what it broke and where it stopped, now cleared, and puts back the
  /// place of the line it ran inside.
  package func end(restoring outer: String?) -> Found {
    defer {
      location = outer
      brokenInvariant = nil
      firedBreak = nil
    }
    return Found(brokenInvariant: brokenInvariant, firedBreak: firedBreak)
  }

  /// Keeps `error` as what the line fails with, unless an invariant broke already.
  package func invariantBroke(_ error: CommandError) {
    if brokenInvariant == nil { brokenInvariant = error }
  }

  /// Keeps `stop` as where the line stops, unless a breakpoint fired already.
  package func breakFired(_ stop: BreakEvent) {
    if firedBreak == nil { firedBreak = stop }
  }
}
