import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal lent to a shell the plugin starts, when the shell reads keys: its input and output
/// are `/dev/tty`, and its process group is the terminal's foreground group while it runs.
/// `swift package` keeps the foreground for itself and starts the plugin in a process group of its
/// own, so without the loan the shell's first read from the terminal would stop it (`SIGTTIN`).
/// (One file, linked into both plugins.)
struct ForegroundTerminal {
  private let handle: FileHandle
  /// The group that had the foreground before the loan, given it back after.
  private let previousGroup: pid_t

  /// The process's terminal, or nil when it has none.
  init?() {
    guard let handle = FileHandle(forUpdatingAtPath: "/dev/tty") else { return nil }
    self.handle = handle
    self.previousGroup = tcgetpgrp(handle.fileDescriptor)
  }

  /// Gives `process`, not started yet, the terminal for its standard streams.
  func attach(_ process: Process) {
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
  }

  /// Makes the group of `process`, just started, the terminal's foreground, and wakes it should it
  /// have stopped reading before that. A process outside the foreground that changes it is sent
  /// `SIGTTOU`, ignored meanwhile.
  func lend(to process: Process) {
    let group = getpgid(process.processIdentifier)
    guard group > 0 else { return }
    withTTOUIgnored { _ = tcsetpgrp(handle.fileDescriptor, group) }
    kill(-group, SIGCONT)
  }

  /// Gives the foreground back to the group that had it, once the shell has exited.
  func giveBack() {
    guard previousGroup > 0 else { return }
    withTTOUIgnored { _ = tcsetpgrp(handle.fileDescriptor, previousGroup) }
  }

  private func withTTOUIgnored(_ body: () -> Void) {
    let previous = signal(SIGTTOU, SIG_IGN)
    body()
    signal(SIGTTOU, previous)
  }
}
