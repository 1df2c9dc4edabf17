#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ReplShellSession
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

  /// Leaves `count` entries out: actions the tap dropped, with none written after them yet.
  /// The next action written is numbered past them, so a replay stops at the gap.
  func skip(_ count: Int) {
    state.withLock { $0.entry += count }
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

  /// A new, empty file at `path`, readable by its owner only. A path that is a symbolic link,
  /// or names anything but a regular file of this user's, is refused: in a folder others can
  /// write (`/var/tmp`), a link put there would send the app's state into another file, and a
  /// file another user made would let them read it. The open never blocks: a FIFO put at the
  /// path (which would wait for a reader forever) fails or opens at once, and is refused.
  private static func create(_ path: String, report: (String) -> Void) -> FileHandle? {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      // ENXIO: a FIFO no one reads, which a blocking open would have waited on.
      if errno == ENXIO {
        report("replshell flight recorder: will not write \(path): it is not a regular file of this user's; the app runs on without it")
        return nil
      }
      let reason = errno == ELOOP ? "it is a symbolic link" : String(cString: strerror(errno))
      report("replshell flight recorder: cannot write \(path): \(reason); the app runs on without it")
      return nil
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid() else {
      _ = Glibc.close(descriptor)
      report("replshell flight recorder: will not write \(path): it is not a regular file of this user's; the app runs on without it")
      return nil
    }
    // Emptied and made private only once it is known to be the user's own file, then written
    // as any regular file is.
    guard ftruncate(descriptor, 0) == 0, fchmod(descriptor, 0o600) == 0, fcntl(descriptor, F_SETFL, O_WRONLY) == 0 else {
      let reason = String(cString: strerror(errno))
      _ = Glibc.close(descriptor)
      report("replshell flight recorder: cannot write \(path): \(reason); the app runs on without it")
      return nil
    }
    return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
  }
}
