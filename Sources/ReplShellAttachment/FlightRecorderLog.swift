#if canImport(Glibc)
import Glibc
import SessionProtocol
import StateValues
#endif
import Foundation
import ReplShellSession
import Synchronization

/// The open log of a flight recorder: written on the tap's thread, one dispatch at a time.
final class FlightRecorderLog: Sendable {
  let recorder: FlightRecorder
  private let domain: String
  private let state: Mutex<Writing>
  /// Where what goes wrong with the log is told (the app's logger): the recorder never stops the app.
  private let report: @Sendable (String) -> Void

  private struct Writing {
    var file: FileHandle?
    /// The bytes of actions in the file, after its snapshot: a large state's snapshot never rotates the file by itself.
    var bytes = 0
    /// The entry of the last action written.
    var entry = 0
  }

  /// Starts a log with a snapshot of the state `initial` took (told to `report`, and left out,
  /// when the state does not encode); nil (after reporting why) when the file cannot be opened.
  init?(
    _ recorder: FlightRecorder, domain: String, initial: Result<JSONForm?, CommandError>, report: @escaping @Sendable (String) -> Void
  ) {
    self.recorder = recorder
    self.domain = domain
    self.report = report
    guard let file = Self.create(recorder.path, report: report) else { return nil }
    state = Mutex(Writing(file: file))
    let snapshot = self.snapshot(initial)
    state.withLock { writing in
      write(.snapshot(SnapshotEvent(domain: domain, entry: 0, state: snapshot)), into: &writing)
      writing.bytes = 0
    }
  }

  /// Writes one dispatch the tap described; a file it fills is rotated right after it.
  func record(_ dispatch: TappedDispatch) {
    state.withLock { writing in
      guard writing.file != nil else { return }
      writing.entry += dispatch.droppedBefore + 1
      write(.dispatched(DispatchEvent(action: dispatch.text, origin: .app, diff: dispatch.diff, entry: writing.entry)), into: &writing)
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
    state.withLock { closeFile(&$0) }
  }

  /// Moves the full file to `path.1` and starts a new one from the state `dispatch`, the last
  /// action written, led to.
  private func rotate(_ writing: inout Writing, after dispatch: TappedDispatch) {
    closeFile(&writing)
    _ = rename(recorder.path, recorder.previousPath)
    guard let file = Self.create(recorder.path, report: report) else { return }
    writing.file = file
    let snapshot = snapshot(Result { () throws(CommandError) in try dispatch.snapshot() })
    write(.snapshot(SnapshotEvent(domain: domain, entry: writing.entry, state: snapshot)), into: &writing)
    writing.bytes = 0
  }

  /// The snapshot a log file starts from; a state that does not encode is reported, and the file
  /// starts without it (a replay of it then says it cannot start once older files rotated away).
  private func snapshot(_ taken: Result<JSONForm?, CommandError>) -> JSONForm? {
    switch taken {
    case .success(let json):
      return json
    case .failure(let error):
      report("replshell flight recorder: \(recorder.path) starts without a snapshot: \(error.message)")
      return nil
    }
  }

  private func write(_ event: SessionEvent, into writing: inout Writing) {
    let line = SessionEventJSON.line(for: event) + "\n"
    let data = Data(line.utf8)
    do {
      try writing.file?.write(contentsOf: data)
      writing.bytes += data.count
    } catch {
      // A full disk stops the recorder, never the app: the app's log says so.
      report("replshell flight recorder: cannot write \(recorder.path): \(error); the recorder stops, the app runs on without it")
      closeFile(&writing)
    }
  }

  /// Closes the file, if open; a close that fails (the last writes may not have reached the
  /// disk) is reported.
  private func closeFile(_ writing: inout Writing) {
    guard let file = writing.file else { return }
    writing.file = nil
    do {
      try file.close()
    } catch {
      report("replshell flight recorder: closing \(recorder.path) failed: \(error); its last actions may not have reached the disk")
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
