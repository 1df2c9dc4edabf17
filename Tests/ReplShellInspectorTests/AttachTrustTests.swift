#if canImport(Glibc)
import Foundation
import Glibc
import Scenarios
import SessionProtocol
import TestSupport
import Testing
import ReplShellTransport

/// What an attached shell trusts, and what an app does with a folder it cannot trust: a shell
/// refuses a folder of another user's or one that others can write, and a listener of another
/// uid (`SO_PEERCRED`) before it sends a line, `--attach PATH` included; what an app prints
/// reaches the terminal with its control characters escaped; an app whose folder is another
/// user's logs one line and runs on; a piped shell leaves when its app dies, its input still
/// open. The strangers run as `nobody` (`setpriv`), which takes root: CI runs the tests as root,
/// and those tests are skipped, saying why, for anyone else.
@Suite(.timeLimit(.minutes(10)))
struct AttachTrustTests {
  /// The uid and gid of `nobody` (and `nogroup`).
  static let nobody: UInt32 = 65534
  /// Runs a command as `nobody`: put before the executable.
  static let asNobody = ["--reuid=65534", "--regid=65534", "--clear-groups"]
  static let isRoot = getuid() == 0

  /// What the impostor prints, escaped as the shell must print it.
  static let escapedEscapes = #"\u{1B}]0;owned\u{7}title \u{1B}[31mred\u{1B}[2J\u{D}back \u{9B}31m"#

  @Test func theFolderIsTheUsersOfMode0700AndTheSocketOfMode0600() async throws {
    let folder = try TrustFolder()
    // A folder of the user's own that others could read is made private before the socket opens.
    try FileManager.default.createDirectory(atPath: folder.attachFolder, withIntermediateDirectories: false)
    chmod(folder.attachFolder, 0o755)
    let app = try folder.app()
    let printed = try await app.wait(for: ")\n")
    let socketPath = try #require(printed.split(separator: "(").last?.split(separator: ")").first.map(String.init))
    let folderInfo = try status(of: folder.attachFolder)
    #expect(folderInfo.st_mode & S_IFMT == S_IFDIR)
    #expect(folderInfo.st_mode & 0o777 == 0o700, "mode \(String(folderInfo.st_mode & 0o777, radix: 8))")
    #expect(folderInfo.st_uid == getuid())
    let socketInfo = try status(of: socketPath)
    #expect(socketInfo.st_mode & S_IFMT == S_IFSOCK)
    #expect(socketInfo.st_mode & 0o777 == 0o600, "mode \(String(socketInfo.st_mode & 0o777, radix: 8))")
    #expect(socketInfo.st_uid == getuid())
    let sidecarInfo = try status(of: AttachSidecar.path(forSocket: socketPath))
    #expect(sidecarInfo.st_mode & 0o777 == 0o600)
    #expect(try await app.finish() == 0)
  }

  @Test(.enabled(if: isRoot, "runs a stranger as `nobody`, which takes root (CI runs the tests as root)"))
  func aFolderOfAnotherUserIsRefusedByTheShellWithWhatToDo() async throws {
    let folder = try TrustFolder()
    try folder.makeAttachFolder(owner: Self.nobody, mode: 0o777)
    // A stranger listens in it under the name of an app that runs (this test's process).
    let impostor = try await folder.impostor(at: folder.attachFolder + "/shelfd-\(getpid()).sock", asNobody: true)
    let refusal = "refused \(folder.attachFolder): it belongs to uid 65534, not to uid 0 who runs this shell, so another user may be listening in it for what you type; remove it (`rm -r \(folder.attachFolder)`"
    for arguments in [["--attach"], ["--attach", String(getpid())], ["--attach", "shelfd"]] {
      let shell = try folder.shell(arguments)
      shell.send("state")
      #expect(try await shell.exitStatus() == 1, "\(arguments)")
      #expect(shell.errors.contains(refusal), "\(arguments): \(shell.errors)")
      #expect(!shell.output.contains("shelfd"), "\(arguments): \(shell.output)")
    }
    // The test's own connection is the first the stranger accepts: no shell connected before it.
    try await impostor.probe()
    #expect(impostor.output.components(separatedBy: "accepted\n").count == 2, "\(impostor.output)")
    // A folder of the user's that anyone may write is refused too.
    chown(folder.attachFolder, 0, 0)
    let listing = try folder.shell(["--attach"])
    #expect(try await listing.exitStatus() == 1)
    #expect(
      listing.errors.contains("refused \(folder.attachFolder): other users can write in it (mode 777), so a stranger could have put a socket in it; `chmod 700 \(folder.attachFolder)`"),
      "\(listing.errors)")
  }

  @Test(.enabled(if: isRoot, "runs a stranger as `nobody`, which takes root (CI runs the tests as root)"))
  func anAppWhoseFolderIsAnotherUsersLogsOneLineAndRunsOn() async throws {
    let folder = try TrustFolder()
    try folder.makeAttachFolder(owner: Self.nobody, mode: 0o777)
    let app = try folder.app()
    _ = try await app.wait(for: "no attachment (")
    app.send("inc")
    _ = try await app.wait(for: "tap 1 at ")
    #expect(app.process.isRunning)
    #expect(try await app.finish() == 0)
    let printed = (app.output + app.errors).split(separator: "\n").filter { $0.contains("replshell attachment") }
    #expect(printed.count == 1, "\(app.output)\(app.errors)")
    #expect(
      printed.first?.contains(
        "replshell attachment: not opened, the app runs on without one: \(folder.attachFolder) belongs to uid 65534, not to uid 0 who runs this app") == true,
      "\(printed)")
    // The stranger's folder is left as it was: no socket in it, its mode untouched.
    #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.attachFolder)) == [])
    #expect(try status(of: folder.attachFolder).st_mode & 0o777 == 0o777)
  }

  @Test(.enabled(if: isRoot, "runs a stranger as `nobody`, which takes root (CI runs the tests as root)"))
  func aListenerOfAnotherUserIsRefusedBeforeAnyLineIsSent() async throws {
    let folder = try TrustFolder()
    let strangers = folder.path + "/stranger"
    try FileManager.default.createDirectory(atPath: strangers, withIntermediateDirectories: false)
    chown(strangers, Self.nobody, Self.nobody)
    chmod(strangers, 0o700)
    // `--attach PATH`: a socket the user names, of a process of another user's.
    let named = try await folder.impostor(at: strangers + "/counter.sock", asNobody: true)
    let shell = try folder.shell(["--attach", strangers + "/counter.sock"])
    shell.send("state")
    shell.send("dispatch didTapIncrementButton")
    #expect(try await shell.exitStatus() == 1)
    #expect(
      shell.errors.contains(
        "\(strangers)/counter.sock is served by process \(named.pid) of uid 65534, not by uid 0 who runs this shell: it is not an app of yours, and this shell sent it nothing"),
      "\(shell.errors)")
    _ = try await named.wait(for: "closed after 0 frames\n")
    #expect(!named.output.contains("received"), "\(named.output)")
    // By pid, in the user's own private folder: a stranger's socket moved in (as root could).
    try folder.makeAttachFolder(owner: 0, mode: 0o700)
    let moved = try await folder.impostor(at: strangers + "/moved.sock", asNobody: true)
    let inFolder = folder.attachFolder + "/counter-\(moved.pid).sock"
    #expect(rename(strangers + "/moved.sock", inFolder) == 0)
    let byPid = try folder.shell(["--attach", String(moved.pid)])
    byPid.send("state")
    #expect(try await byPid.exitStatus() == 1)
    #expect(byPid.errors.contains("\(inFolder) is served by process \(moved.pid) of uid 65534"), "\(byPid.errors)")
    _ = try await moved.wait(for: "closed after 0 frames\n")
    // The listing greets no stranger either: it notes the refusal.
    let listing = try folder.shell(["--attach"])
    #expect(try await listing.exitStatus() == 0)
    #expect(listing.output.contains("\(inFolder): \(inFolder) is served by process \(moved.pid) of uid 65534"), "\(listing.output)")
    try await Impostor(child: moved.child, path: inFolder).probe()
    #expect(!moved.output.contains("received"), "\(moved.output)")
  }

  /// An app of another attach protocol (one from before the handshake, which announces none, or
  /// a newer one) gets one error naming both versions and what to do; the shell sends it nothing.
  @Test(arguments: [(0, "speaks attach protocol 1 and this shell speaks \(AttachProtocol.version): rebuild the app against this revision's ReplShellAttachment"),
    (AttachProtocol.version + 1, "speaks attach protocol \(AttachProtocol.version + 1) and this shell speaks \(AttachProtocol.version): attach with a replshell of the app's revision (or newer)")])
  func anAppOfAnotherProtocolVersionIsNamedWithBothVersions(_ version: Int, _ expected: String) async throws {
    let folder = try TrustFolder()
    try folder.makeAttachFolder(owner: getuid(), mode: 0o700)
    let path = folder.attachFolder + "/counter-\(getpid()).sock"
    let impostor = try await folder.impostor(at: path, asNobody: false, speaking: version)
    let shell = try folder.shell(["--attach", path])
    #expect(try await shell.exitStatus() == 1)
    #expect(shell.errors.contains("error: cannot attach to \(path): \(path) \(expected)"), "\(shell.errors)")
    _ = try await impostor.wait(for: "closed after 0 frames\n")
  }

  @Test func whatTheAppPrintsReachesTheTerminalWithItsControlCharactersEscaped() async throws {
    let folder = try TrustFolder()
    try folder.makeAttachFolder(owner: getuid(), mode: 0o700)
    let path = folder.attachFolder + "/counter-\(getpid()).sock"
    let impostor = try await folder.impostor(at: path, asNobody: false)
    let listing = try folder.shell(["--attach"])
    #expect(try await listing.exitStatus() == 0)
    #expect(listing.output.contains("counter" + Self.escapedEscapes), "\(listing.output)")
    let shell = try folder.shell(["--attach", path])
    shell.send("state")
    _ = try await shell.wait(for: "printed ")
    #expect(try await shell.finish() == 0)
    #expect(shell.output.contains("printed \(Self.escapedEscapes) end"), "\(shell.output)")
    _ = try await impostor.wait(for: #"received {"line":"state","#)
    for printed in [listing.output, listing.errors, shell.output, shell.errors] {
      #expect(!printed.unicodeScalars.contains { [0x1B, 0x07, 0x0D, 0x9B].contains($0.value) }, "\(printed.debugDescription)")
    }
  }

  /// The shell watches its socket while it waits for input: the app's death ends it, with
  /// status 1 and a message, though its input stays open and says nothing more.
  @Test func aPipedShellLeavesWhenItsAppIsKilledThoughItsInputStaysOpen() async throws {
    try await AttachedPair.with { pair in
      try await pair.attachShell([])
      let shell = try #require(pair.shell)
      shell.send("select selectValue")
      _ = try await shell.wait(for: "0\n")
      let pid = pair.app.process.processIdentifier
      let killed = ContinuousClock.now
      kill(pid, SIGKILL)
      #expect(try await shell.exitStatus() == 1)
      print("a piped attached shell left \(ContinuousClock.now - killed) after its app's kill -9")
      #expect(shell.errors.contains("error: lost the connection to counter@\(pid): the app exited or was killed"), "\(shell.errors)")
    }
  }

  private func status(of path: String) throws -> stat {
    var info = stat()
    guard lstat(path, &info) == 0 else { throw PipedChild.Failure(description: "cannot stat \(path): \(String(cString: strerror(errno)))") }
    return info
  }
}

/// A test's own `XDG_RUNTIME_DIR`, its attach folder `replshell` in it, and the processes the
/// test starts there; all removed at the end.
final class TrustFolder: @unchecked Sendable {
  let url: URL
  var path: String { url.path }
  var attachFolder: String { path + "/replshell" }
  private var children: [PipedChild] = []
  private var count = 0

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("attach-trust-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    chmod(url.path, 0o755)
  }

  deinit {
    for child in children where child.process.isRunning { kill(child.process.processIdentifier, SIGKILL) }
    try? FileManager.default.removeItem(at: url)
  }

  var environment: [String: String] { ["XDG_RUNTIME_DIR": path, "NO_COLOR": "1"] }

  /// Makes the attach folder (or changes the one there) with `owner` and `mode`.
  func makeAttachFolder(owner: UInt32, mode: mode_t) throws {
    if !FileManager.default.fileExists(atPath: attachFolder) {
      try FileManager.default.createDirectory(atPath: attachFolder, withIntermediateDirectories: false)
    }
    chown(attachFolder, owner, owner)
    chmod(attachFolder, mode)
  }

  /// `replshell` with `arguments`, piped.
  func shell(_ arguments: [String]) throws -> PipedChild {
    try start(ReplShellBinary.url.path, arguments, name: "shell")
  }

  /// `AttachedCounter`, the real app with its attachment.
  func app() throws -> PipedChild {
    try start(try PipedChild.built("AttachedCounter"), [], name: "app")
  }

  /// `AttachedCounter --impostor PATH`, as `nobody` when `asNobody`, once it listens.
  func impostor(at socketPath: String, asNobody: Bool, speaking version: Int? = nil, fault: String? = nil) async throws -> Impostor {
    let binary = try PipedChild.built("AttachedCounter")
    let arguments = ["--impostor", socketPath] + (version.map { ["--impostor-protocol", String($0)] } ?? []) + (fault.map { ["--impostor-fault", $0] } ?? [])
    let child =
      asNobody
      ? try start("/usr/bin/setpriv", AttachTrustTests.asNobody + [binary] + arguments, name: "impostor")
      : try start(binary, arguments, name: "impostor")
    _ = try await child.wait(for: "listening (")
    return Impostor(child: child, path: socketPath)
  }

  private func start(_ executable: String, _ arguments: [String], name: String) throws -> PipedChild {
    count += 1
    let child = try PipedChild(executable, arguments, environment: environment, folder: url, name: "\(name)-\(count)")
    children.append(child)
    return child
  }
}

/// A stranger posing as an app (`AttachedCounter --impostor`), and what it reports.
struct Impostor {
  let child: PipedChild
  let path: String
  /// Its pid (`setpriv` runs it in its own process).
  var pid: Int32 { child.process.processIdentifier }
  var output: String { child.output }

  func wait(for text: String) async throws -> String {
    try await child.wait(for: text)
  }

  /// Connects to it and waits until it has accepted this connection: it accepts in order, so
  /// every connection made before has been reported by then.
  func probe() async throws {
    let before = output.components(separatedBy: "accepted\n").count
    let socket = try AttachSocket.connect(to: path)
    defer { socket.close() }
    let deadline = ContinuousClock.now + PipedChild.hangGuard
    while output.components(separatedBy: "accepted\n").count == before {
      guard ContinuousClock.now < deadline else { throw PipedChild.Failure(description: "the impostor never accepted the probe: \(output)") }
      try await Task.sleep(for: .milliseconds(20))
    }
  }
}
#endif
