import Foundation
import Testing

/// What goes wrong around an attachment: shells and apps killed, garbage on the socket, a peer of
/// another user, stale sockets.
@Suite(.timeLimit(.minutes(2)))
struct AttachFaultTests {
  @Test func severalShellsAndOneKilledMidCommandLeaveTheAppUnharmed() throws {
    let folder = try RuntimeFolder()
    let daemon = try Daemon(["--tick", "20"], in: folder)
    let tailing = try ShellProcess(["--attach", String(daemon.pid)], in: folder)
    tailing.send("tail")
    try tailing.waitFor("→ onTapAddBook")
    let killed = try ShellProcess(["--attach", String(daemon.pid)], in: folder)
    killed.send("tail")
    try killed.waitFor("→ onTapAddBook")
    kill(killed.process.processIdentifier, SIGKILL)
    let others = try (0..<3).map { _ in try ShellProcess(["--attach", String(daemon.pid)], in: folder) }
    for shell in others {
      shell.send("select selectContains(title: \"Persuasion\")")
      try shell.closeInput()
    }
    for shell in others {
      let run = try shell.finish()
      #expect(run.status == 0 && run.output == "true\n", "\(run.output)\(run.errors)")
    }
    try tailing.waitFor("→ onTapAddBook", count: 5)
    #expect(daemon.process.isRunning)
  }

  @Test func theAppEndingCleanlyDetachesWithStatusZero() throws {
    let folder = try RuntimeFolder()
    let daemon = try Daemon(in: folder)
    let shell = try ShellProcess(["--attach", String(daemon.pid)], in: folder)
    shell.send("select selectCount")
    try shell.waitFor("3")
    daemon.stop(SIGTERM)
    let run = try shell.finish()
    #expect(run.status == 0)
    #expect(run.errors.contains("shelf@\(daemon.pid) closed its attachment: detached"), "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
  }

  @Test func theAppKilledEndsTheShellWithStatusOne() throws {
    let folder = try RuntimeFolder()
    let daemon = try Daemon(in: folder)
    let shell = try ShellProcess(["--attach", String(daemon.pid)], in: folder)
    shell.send("select selectCount")
    try shell.waitFor("3")
    daemon.stop(SIGKILL)
    let run = try shell.finish()
    #expect(run.status == 1)
    #expect(run.errors.contains("error: lost the connection to shelf@\(daemon.pid): the app exited or was killed"), "\(run.errors)")
  }

  @Test func anAppWhoseAttachmentDidNotOpenDoesNotSayHowToAttach() throws {
    let folder = try RuntimeFolder()
    // Where the attach folder should be, a file: the attachment cannot open.
    try #require(FileManager.default.createFile(atPath: folder.path + "/replshell", contents: Data("not a folder\n".utf8)))
    let daemon = try Daemon(in: folder, opensAttachment: false)
    #expect(daemon.announcement == "shelfd \(daemon.pid): runs without an attachment, so no shell can attach (the log line above says why)")
    daemon.stop(SIGTERM)
    #expect(daemon.log.contains("replshell attachment: not opened, the app runs on without one: \(folder.path)/replshell is not a folder"), "\(daemon.log)")
  }

  @Test func garbageAndOversizedFramesCloseOnlyTheirConnection() throws {
    let folder = try RuntimeFolder()
    let daemon = try Daemon(in: folder)
    let garbage = try RawClient(path: daemon.socketPath)
    garbage.write([0, 0, 0, 5] + Array("hello".utf8))
    #expect(garbage.waitUntilClosed())
    let oversized = try RawClient(path: daemon.socketPath)
    oversized.write([0x7F, 0xFF, 0xFF, 0xFF])
    #expect(oversized.waitUntilClosed())
    let unknown = try RawClient(path: daemon.socketPath)
    unknown.hello()
    unknown.frame("{\"rm\": \"-rf\"}")
    #expect(unknown.waitUntilClosed())
    let run = try runShell(["--attach", String(daemon.pid)], input: "select selectCount\n", in: folder)
    #expect(run.output == "3\n")
    daemon.stop(SIGTERM)
    let log = daemon.log
    // Garbage first is no hello: the app says which protocol it speaks, to a shell of any version.
    #expect(log.contains("replshell attachment: this app speaks attach protocol \(RawClient.attachProtocol) and the shell speaks 1 (it announced no version)"), "\(log)")
    #expect(log.contains("replshell attachment: closed a connection that sent an oversized frame (2147483647 bytes)"), "\(log)")
    #expect(log.contains("replshell attachment: closed a connection that sent a frame that is not a message of attach protocol \(RawClient.attachProtocol)"), "\(log)")
  }

  /// The listing reads the file each app leaves beside its socket instead of connecting: an app
  /// that cannot answer (stopped, as under a debugger) is still listed.
  @Test func aStoppedAppIsListedWithoutBeingAsked() throws {
    let folder = try RuntimeFolder()
    let daemon = try Daemon(in: folder)
    #expect(FileManager.default.fileExists(atPath: folder.path + "/replshell/shelfd-\(daemon.pid).json"))
    kill(daemon.pid, SIGSTOP)
    defer { kill(daemon.pid, SIGCONT) }
    let listing = try runShell(["--attach"], in: folder, within: 20)
    #expect(listing.status == 0)
    let row = listing.output.split(separator: "\n").first { $0.hasPrefix("shelfd") }.map { $0.split(separator: " ").map(String.init) }
    #expect(row?[0...2] == ["shelfd", "shelf", String(daemon.pid)], "\(listing.output)")
    // A stopped app cannot greet: listed from a greeting, it would be a note `did not greet this shell`.
    #expect(row?.last == "read-only")
    kill(daemon.pid, SIGCONT)
    let run = try runShell(["--attach", String(daemon.pid)], input: "select selectCount\n", in: folder)
    #expect(run.output == "3\n", "\(run.errors)")
    // Foundation's `Process` may take the stop for an end: signal the pid itself, and wait for the socket to go.
    kill(daemon.pid, SIGTERM)
    // Until the socket goes; the minute only guards against an app that never removes it.
    let deadline = Date().addingTimeInterval(60)
    while FileManager.default.fileExists(atPath: daemon.socketPath), Date() < deadline { usleep(20_000) }
    #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/replshell/shelfd-\(daemon.pid).json"), "closing removes it")
  }

  @Test func staleSocketsOfDeadAppsAreListedThenReplaced() throws {
    let folder = try RuntimeFolder()
    let first = try Daemon(in: folder)
    let stale = first.socketPath
    first.stop(SIGKILL)
    #expect(FileManager.default.fileExists(atPath: stale))
    let listing = try runShell(["--attach"], in: folder)
    #expect(listing.output.contains("\(stale): stale (process \(first.pid) is gone)"), "\(listing.output)")
    let refused = try runShell(["--attach", String(first.pid)], in: folder)
    #expect(refused.status == 1)
    #expect(refused.errors.contains("no running app named or numbered `\(first.pid)`"), "\(refused.errors)")
    let second = try Daemon(in: folder)
    #expect(!FileManager.default.fileExists(atPath: stale))
    let run = try runShell(["--attach", "shelfd"], input: "select selectCount\n", in: folder)
    #expect(run.output == "3\n", "\(run.errors)")
    _ = second
  }

  /// The app runs as `nobody` and the shell as root: root may open the socket, and each side's
  /// SO_PEERCRED check refuses the other: the shell before it reads or sends a byte, the app
  /// (which logs it). (Needs root, to run as two users.)
  @Test(.enabled(if: getuid() == 0, "runs the app as another user, which takes root"))
  func aShellOfAnotherUserIsRefusedOnBothSides() throws {
    let folder = try RuntimeFolder()
    chown(folder.path, 65534, 65534)
    let asNobody = ["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups"]
    let daemon = try Daemon(in: folder, prefix: asNobody)
    let pid = try #require(daemon.socketPath.split(separator: "-").last.flatMap { Int32($0.dropLast(".sock".count)) }, "\(daemon.socketPath)")
    let run = try runShell(["--attach", daemon.socketPath], input: "select selectCount\n", in: folder)
    #expect(run.status == 1)
    #expect(
      run.errors.contains("\(daemon.socketPath) is served by process \(pid) of uid 65534, not by uid 0 who runs this shell: it is not an app of yours, and this shell sent it nothing"),
      "\(run.errors)")
    #expect(run.output.isEmpty)
    // The other way round, the socket's mode refuses: nobody cannot open root's socket.
    let rootFolder = try RuntimeFolder()
    let rootDaemon = try Daemon(in: rootFolder)
    let reverse = try runShell(["--attach", rootDaemon.socketPath], input: "select selectCount\n", in: rootFolder, prefix: asNobody)
    #expect(reverse.status == 1)
    #expect(reverse.errors.contains("belongs to uid 0 and this shell runs as uid 65534: attach as the user who runs the app"), "\(reverse.errors)")
    daemon.stop(SIGTERM)
    let log = daemon.log
    #expect(log.contains("replshell attachment: refused a shell of uid 0 (pid "), "\(log)")
    #expect(log.contains("): only uid 65534, who runs this app, may attach"), "\(log)")
  }
}
