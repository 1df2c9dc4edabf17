import Foundation
import ReplShellFoundation
import ReplShellHost
import ReplShellSession
import StateValues

/// `--replay`: a recorded session reduced again, in a shell process.
extension Shell {
  /// Opens a recorded session (`--replay`): the `--format json` events at `url` (`name` in
  /// messages), its domain started with its listeners off and its recorded actions reduced again
  /// in order. Returns what to print and the reducer's first disagreement with the recording,
  /// after which the history holds the entries before it.
  public func replay(contentsOf url: URL, name: String) async throws(CommandError) -> (lines: [OutputLine], mismatch: CommandError?) {
    // What the file holds reaches the terminal escaped: a crafted recording's escapes are text.
    do throws(CommandError) {
      let (lines, mismatch) = try await replayUnescaped(contentsOf: url, name: name)
      return (ControlCharacters.escaped(lines), mismatch.map { CommandError(ControlCharacters.escaped($0.message), column: $0.column) })
    } catch {
      throw CommandError(ControlCharacters.escaped(error.message), column: error.column)
    }
  }

  private func replayUnescaped(contentsOf url: URL, name: String) async throws(CommandError) -> (lines: [OutputLine], mismatch: CommandError?) {
    let recorded = try RecordedSession.read(contentsOf: url, name: name)
    guard domains.contains(where: { $0.name == recorded.domain }) else {
      throw CommandError("\(name) is a session of `\(recorded.domain)`, which this shell does not know: known domains: \(domains.map(\.name).joined(separator: ", "))")
    }
    if let start = recorded.start, start.entry > 0, start.state == nil {
      throw CommandError(
        "\(name) starts after the app's \(start.entry) first actions (older log files rotated away), and its state could not be written there: make the state Codable, or give the flight recorder room for the whole run")
    }
    var notes = try await start(
      domain: recorded.domain, options: [:], startsListeners: false, recorded: [Self.listenersOption: "off"], startingState: recorded.start?.state)
    guard let session = slot.session else { return (notes, nil) }
    let redactions = self.redactions
    let outcome = try await session.open(Replaying(recorded: recorded, name: name, redact: { redactions.apply(to: $0) }))
    for line in outcome.lines {
      slot.running?.recording.append(line.text, role: line.role, output: nil, mark: line.mark)
    }
    let count = outcome.actionCount
    let actions = "\(count) action\(count == 1 ? "" : "s") of \(recorded.domain) from \(name)"
    var summary =
      if outcome.mismatch == nil {
        "replayed \(actions), listeners off: only the reducer ran"
      } else if count == 0 {
        "replayed nothing of \(recorded.domain) from \(name), listeners off: the reducer disagrees with its first action:"
      } else {
        "replayed the first \(actions), listeners off, then stopped where the reducer disagrees with the recording:"
      }
    if let start = recorded.start, start.entry > 0 { summary += "; entry 1 here is the app's \(start.entry + 1)" }
    notes.append(.note(summary))
    if recorded.earlierSessions > 0 {
      notes.append(.note("\(name) holds \(recorded.earlierSessions) earlier session\(recorded.earlierSessions == 1 ? "" : "s") (`use`, `reset`): only the last is replayed"))
    }
    if recorded.unknownEvents > 0 {
      notes.append(.note("passed over \(recorded.unknownEvents) event\(recorded.unknownEvents == 1 ? "" : "s") of kinds this shell does not know"))
    }
    return (notes, outcome.mismatch)
  }
}
