#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Scenarios
import Synchronization

/// The open log of a flight recorder: written on the tap's thread, one dispatch at a time.
final class FlightRecorderLog: Sendable {
  let recorder: FlightRecorder
  private let domain: String
  private let state: Mutex<Writing>

  private struct Writing {
    var file: FileHandle?
    /// The bytes of actions in the file, after its snapshot: a large state's snapshot never rotates the file by itself.
    var bytes = 0
    /// The entry of the last action written.
    var entry = 0
  }

  /// Starts a log with a snapshot of the state `initial`; nil (after logging why) when the file cannot be opened.
  init?(_ recorder: FlightRecorder, domain: String, initial: JSONForm?, report: (String) -> Void) {
    self.recorder = recorder
    self.domain = domain
    guard let file = Self.create(recorder.path, report: report) else { return nil }
    state = Mutex(Writing(file: file))
    state.withLock { writing in
      Self.write(.snapshot(SnapshotEvent(domain: domain, entry: 0, state: initial)), into: &writing)
      writing.bytes = 0
    }
  }

  /// Writes one dispatch the tap described; a file it fills is rotated right after it.
  func record(_ dispatch: TappedDispatch) {
    state.withLock { writing in
      guard writing.file != nil else { return }
      writing.entry += dispatch.droppedBefore + 1
      Self.write(.dispatched(DispatchEvent(action: dispatch.text, origin: .app, diff: dispatch.diff, entry: writing.entry)), into: &writing)
      if writing.bytes >= max(recorder.maxBytes / 2, 1) { rotate(&writing, after: dispatch) }
    }
  }

  /// Closes the log.
  func close() {
    state.withLock { writing in
      try? writing.file?.close()
      writing.file = nil
    }
  }

  /// Moves the full file to `path.1` and starts a new one from the state `dispatch`, the last
  /// action written, led to.
  private func rotate(_ writing: inout Writing, after dispatch: TappedDispatch) {
    try? writing.file?.close()
    writing.file = nil
    _ = rename(recorder.path, recorder.previousPath)
    guard let file = Self.create(recorder.path, report: { _ in }) else { return }
    writing.file = file
    Self.write(.snapshot(SnapshotEvent(domain: domain, entry: writing.entry, state: dispatch.snapshot())), into: &writing)
    writing.bytes = 0
  }

  private static func write(_ event: SessionEvent, into writing: inout Writing) {
    let line = SessionEventJSON.line(for: event) + "\n"
    let data = Data(line.utf8)
    do {
      try writing.file?.write(contentsOf: data)
      writing.bytes += data.count
    } catch {
      // A full disk stops the recorder, never the app.
      try? writing.file?.close()
      writing.file = nil
    }
  }

  /// A new, empty file at `path`, readable by its owner only.
  private static func create(_ path: String, report: (String) -> Void) -> FileHandle? {
    guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
      let file = FileHandle(forWritingAtPath: path)
    else {
      report("replshell flight recorder: cannot write \(path); the app runs on without it")
      return nil
    }
    return file
  }
}
