import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a command to its exit with `posix_spawn` and `waitpid`.
///
/// Foundation's `Process` on Linux notices an exit only once every descendant has closed a socket
/// the child inherits, so it never sees `pg_ctl start` end: the server it leaves running keeps that
/// socket open. Here, the exit of the child itself is what counts.
package enum ChildProcess {
  /// A command that could not be started.
  package struct SpawnError: Error, CustomStringConvertible {
    let executable: String
    let code: Int32

    package var description: String {
      "cannot start \(self.executable): \(String(cString: strerror(self.code)))"
    }
  }

  /// Runs `executable` with `arguments`, its output and errors appended to the file at
  /// `outputPath`, and returns its exit status; sends it SIGKILL once `timeout` has passed.
  package static func run(
    _ executable: String,
    _ arguments: [String],
    outputPath: String,
    timeout: Duration
  ) async throws -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    guard spawned == 0 else {
      throw SpawnError(executable: executable, code: spawned)
    }
    let child = pid
    let watchdog = Task {
      try await Task.sleep(for: timeout)
      kill(child, SIGKILL)
    }
    defer { watchdog.cancel() }
    return await withCheckedContinuation { continuation in
      // waitpid blocks: it gets a thread of its own rather than one of the cooperative pool's.
      Thread.detachNewThread {
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        let exited = status & 0x7f == 0
        continuation.resume(returning: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f))
      }
    }
  }
}
