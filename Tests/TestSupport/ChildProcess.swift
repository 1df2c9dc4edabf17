import Foundation

#if canImport(Glibc)
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#endif

/// A child process started with `posix_spawn`, whose exit is seen through `waitpid`.
///
/// Foundation's `Process` on Linux notices an exit only once every process holding a socket it
/// shares with the child has closed it, so it never sees `pg_ctl start` end (the server it leaves
/// keeps that socket), and a killed server can look alive while a sibling runs. Here the child
/// gets no descriptor but its standard ones, and its own exit is what counts.
package final class ChildProcess: Sendable {
  /// The child's process id.
  package let pid: pid_t
  private let exit: ExitStatus

  private init(pid: pid_t, exit: ExitStatus) {
    self.pid = pid
    self.exit = exit
  }

  /// A command that could not be started.
  package struct SpawnError: Error, CustomStringConvertible {
    let executable: String
    let code: Int32

    package var description: String {
      "cannot start \(self.executable): \(String(cString: strerror(self.code)))"
    }
  }

  /// Starts `executable` with `arguments` and this process's environment plus `environment`;
  /// its output goes to the file at `outputPath` (created or appended), its errors there too
  /// unless `errorPath` names another file.
  package static func spawn(
    _ executable: String,
    _ arguments: [String],
    environment: [String: String] = [:],
    outputPath: String,
    errorPath: String? = nil
  ) throws -> ChildProcess {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    if let errorPath {
      posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    } else {
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    }
    _ = Self.addCloseFrom?(&actions, 3)

    let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = variables.map { strdup($0) } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    // The child starts as a shell would start it: no signal blocked, every signal's action the
    // default. A thread of this process (the cooperative pool's) blocks most signals, and a child
    // inherits that mask: a tmux server spawned so never got the SIGTERM of its `kill-server`,
    // and outlived the test with its pane.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      throw SpawnError(executable: executable, code: spawned)
    }
    let exit = ExitStatus()
    let child = pid
    // waitpid blocks: it gets a thread of its own rather than one of the cooperative pool's.
    Thread.detachNewThread {
      var status: Int32 = 0
      while waitpid(child, &status, 0) == -1 && errno == EINTR {}
      exit.set(status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f))
    }
    return ChildProcess(pid: pid, exit: exit)
  }

  /// The exit status (128 + the signal for a killed child), or nil while it runs.
  package var exitStatus: Int32? {
    self.exit.value
  }

  /// Waits for the child to exit and returns its status.
  package func waitForExit() async -> Int32 {
    await self.exit.wait()
  }

  /// Sends `signal` to the child, unless it has exited already.
  package func send(_ signal: Int32) {
    if self.exitStatus == nil {
      kill(self.pid, signal)
    }
  }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which its header hides
  /// from Swift: the child then keeps no descriptor above 2.
  private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
    dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self) }

  /// Runs `executable` to its exit with its output in the file at `outputPath`, and returns its
  /// exit status; sends it SIGKILL once `timeout` has passed.
  package static func run(
    _ executable: String,
    _ arguments: [String],
    outputPath: String,
    timeout: Duration
  ) async throws -> Int32 {
    let child = try Self.spawn(executable, arguments, outputPath: outputPath)
    let watchdog = Task {
      try await Task.sleep(for: timeout)
      child.send(SIGKILL)
    }
    defer { watchdog.cancel() }
    return await child.waitForExit()
  }
}

/// A child's exit status, set once by its waiting thread and awaited by any number of tasks.
private final class ExitStatus: @unchecked Sendable {
  private let lock = NSLock()
  private var status: Int32?
  private var waiters: [CheckedContinuation<Int32, Never>] = []

  var value: Int32? {
    self.lock.withLock { self.status }
  }

  func set(_ status: Int32) {
    let waiters = self.lock.withLock {
      self.status = status
      defer { self.waiters = [] }
      return self.waiters
    }
    waiters.forEach { $0.resume(returning: status) }
  }

  func wait() async -> Int32 {
    await withCheckedContinuation { continuation in
      let status = self.lock.withLock {
        if self.status == nil {
          self.waiters.append(continuation)
        }
        return self.status
      }
      if let status {
        continuation.resume(returning: status)
      }
    }
  }
}
