import ReplShellSession
import SessionProtocol
import StateValues
/// A line's events made into its result: collected from the session's stream, rendered as text,
/// and redacted.
@MainActor struct LineTranscript {
  /// The session's stream, where the line's events are pending.
  let events: SessionEventStream
  /// The redactions to apply; nil when none applies (most lines).
  let redactions: RedactionList?

  /// The transcript of `shell`'s lines, with the redactions that apply.
  init(of shell: Shell) {
    events = shell.events
    redactions = shell.redactsOutput ? shell.redactions : nil
  }

  /// A finished line's result, and what its command printed for the recording of the session.
  struct FinishedLine {
    var result: Shell.Result
    /// The command's own lines, unredacted, without the events that arrived before it or its echo.
    var printed: ArraySlice<OutputLine>
  }

  /// Collects a line's events — all that is pending for the outermost line, what the line added
  /// for one that `source` runs — and renders them.
  func finish(earlier: [SessionEvent], start: Int, isOutermost: Bool, echoesCommands: Bool, succeeded: Bool) -> FinishedLine {
    let own = isOutermost ? events.takePending() : events.pending(from: start)
    var lines: [OutputLine] = []
    // Room for an echo and a small diff (a struct's brackets and one changed field) without regrowing.
    lines.reserveCapacity(earlier.count + own.count + 6)
    if !earlier.isEmpty {
      for event in earlier {
        TranscriptRenderer.append(event, echoesCommands: echoesCommands, to: &lines)
      }
    }
    var ownEvents = own[...]
    // The line's own command comes first: echoed in transcripts and for the lines `source` runs.
    if case .command(let command)? = own.first {
      if let echo = TranscriptRenderer.echo(of: command, echoesCommands: echoesCommands) { lines.append(echo) }
      ownEvents = own.dropFirst()
    }
    let printedStart = lines.count
    for event in ownEvents {
      TranscriptRenderer.append(event, echoesCommands: echoesCommands, to: &lines)
    }
    // A slice of the line's lines, not a copy: the recording keeps one for every line that succeeds.
    let printed = lines[printedStart...]
    let all = earlier.isEmpty ? own : earlier + own
    let result = if let redactions {
      Shell.Result(events: redactions.apply(to: all), lines: redactions.apply(to: lines), succeeded: succeeded, quit: false)
    } else {
      Shell.Result(events: all, lines: lines, succeeded: succeeded, quit: false)
    }
    return FinishedLine(result: result, printed: printed)
  }

  /// Renders `events` as text, redacted.
  func render(_ events: [SessionEvent], echoesCommands: Bool) -> [OutputLine] {
    let lines = TranscriptRenderer.lines(for: events, echoesCommands: echoesCommands)
    return redactions?.apply(to: lines) ?? lines
  }

  /// What is pending after a script's last line — its trailing comments, what listeners did
  /// after it — rendered as a transcript shows it. (After a script `source` runs, the `source`
  /// line's own result takes them instead.)
  func takeTrailingEvents() -> (events: [SessionEvent], lines: [OutputLine]) {
    let pending = events.takePending()
    return (redactions?.apply(to: pending) ?? pending, render(pending, echoesCommands: true))
  }
}
