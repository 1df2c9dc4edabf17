#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Scenarios

/// What `explore` says when the reducer traps (a failed precondition, an index out of range):
/// the trap ends the process, so before the runtime's own report a note names the explore that
/// was running and how to repeat it. The note is written by a signal handler that then hands the
/// signal on to the handler that was there before (the runtime's backtracer, or the default).
///
/// Only the `replshell` executable installs it (`watchExplore()`, as it starts): it lives here,
/// not in the engine, because an app that links `ReplShellAttachment` runs the engine inside
/// itself, and a debugging aid must never change the app's signal handlers.
enum ReducerTrapNote {
  /// Has every `explore` of this process arm the note while it runs.
  @MainActor static func watchExplore() {
    ExploreTrapWatch.arm = { arm($0) }
    ExploreTrapWatch.disarm = { disarm() }
  }

  private static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]
  // Why these need no lock: they are written only on the main actor (`arm`, `disarm`, `install`)
  // and read only by the signal handler, which may not take a lock; `note` and `noteLength` are
  // published by one aligned store each before the handler can run for that explore, and a trap
  // stops the thread that would write next. The buffers are allocated once and never freed.
  /// The note, as bytes the handler writes; empty while no explore runs.
  nonisolated(unsafe) private static var note: UnsafeMutablePointer<UInt8>?
  nonisolated(unsafe) private static var noteLength = 0
  /// The handlers that were there before, by signal number: a fixed buffer the handler reads without allocating.
  nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
  nonisolated(unsafe) private static let hasPrevious = UnsafeMutablePointer<Bool>.allocate(capacity: 65)
  nonisolated(unsafe) private static var installed = false

  /// Arms the note for an explore described by `text` until `disarm`; installs the handler once.
  @MainActor static func arm(_ text: String) {
    let bytes = Array(text.utf8)
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
    buffer.initialize(from: bytes, count: bytes.count)
    let old = note
    noteLength = 0
    note = buffer
    noteLength = bytes.count
    old?.deallocate()
    guard !installed else { return }
    installed = true
    hasPrevious.initialize(repeating: false, count: 65)
    for signal in signals {
      var action = sigaction()
      var old = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handle
      #else
        action.__sigaction_u.__sa_handler = handle
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      if sigaction(signal, &action, &old) == 0 {
        previous[Int(signal)] = old
        hasPrevious[Int(signal)] = true
      }
    }
  }

  /// Stops the note: a later trap is none of explore's.
  @MainActor static func disarm() {
    noteLength = 0
  }

  /// Writes the note, puts the previous handler back and returns: the faulting instruction runs
  /// again and raises the signal to it.
  private static let handle: @convention(c) (Int32) -> Void = { signal in
    if ReducerTrapNote.noteLength > 0, let note = ReducerTrapNote.note {
      _ = write(STDERR_FILENO, note, ReducerTrapNote.noteLength)
    }
    if signal >= 0, signal < 65, ReducerTrapNote.hasPrevious[Int(signal)] {
      sigaction(signal, ReducerTrapNote.previous + Int(signal), nil)
    } else {
      var fallback = sigaction()
      sigaction(signal, &fallback, nil)
    }
    if signal == SIGABRT { raise(signal) }
  }
}
