import ArgumentParser
import Scenarios
import SessionProtocol
import StateValues

/// How sessions and `--script` print what happens: as transcripts, or as one JSON object per
/// session event (`--format json`).
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
  /// The transcript a person reads, and goldens hold.
  case text
  /// One JSON object per event, one per line, for tools and agents.
  case json

  /// `events` as JSON lines.
  static func jsonLines(_ events: [SessionEvent]) -> [OutputLine] {
    events.map { OutputLine(.plain, SessionEventJSON.line(for: $0)) }
  }
}
