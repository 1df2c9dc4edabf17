/// An app's flight recorder: every action the store dispatches, with its diff and history entry,
/// written as the JSON events of `--format json` to a log that `replshell --replay` opens.
///
/// ```swift
/// let log = stateFolder.appendingPathComponent("shelf.jsonl").path  // a folder of the app's own
/// let attachment = ReplShellAttachment(
///   store: store, domain: .shelf, flightRecorder: FlightRecorder(path: log, maxBytes: 8 << 20))
/// ```
///
/// The files are readable by their owner only; a path that is a symbolic link, or a file
/// another user owns, is refused (logged once; the app runs on without a recorder).
///
/// The log keeps at most `maxBytes` of actions on disk: when the actions in the file at `path`
/// reach half of it, it becomes `path.1` (replacing the one before) and a new file starts, so the
/// last actions are always kept. Each file starts with a snapshot of the state (its size on top) (as `Codable` writes it, when the
/// state is `Codable`), from which `--replay` starts; an older file holds the actions before it:
/// `cat shelf.jsonl.1 shelf.jsonl > all.jsonl` replays both. The diffs are computed off the main
/// actor, at the lowest priority, as `tail`'s are; when the app dispatches faster than they are
/// computed, the actions dropped leave a gap in the entries, which `--replay` reports.
public struct FlightRecorder: Sendable {
  /// The log file; the one before it is this path with `.1` appended.
  public var path: String
  /// The most bytes of actions the two files hold together (each file's snapshot comes on top).
  public var maxBytes: Int

  /// Records into `path`, keeping at most `maxBytes` (16 MiB unless given) across its two files.
  public init(path: String, maxBytes: Int = 16 << 20) {
    self.path = path
    self.maxBytes = maxBytes
  }

  /// Where the log rotates to: `shelf.jsonl.1`.
  public var previousPath: String { path + ".1" }
}
