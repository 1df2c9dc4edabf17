// Linux only for now: Glibc's sockets (macOS would take Darwin's and `getpeereid`).
#if canImport(Glibc)
#if canImport(Glibc)
import Glibc
import SessionProtocol
import StateValues
#endif
import Foundation
import Scenarios
import ReplShellFoundation
import ReplShellTransport

/// The running apps a shell can attach to: the sockets in the attach folder and what each says
/// of itself when greeted. The folder is checked first (this user's, writable by no one else),
/// and every connection is to a process of this user's (`AttachSocket.connectToOwnApp`); what an
/// app says of itself is printed with its control characters escaped.
struct AttachTarget {
  /// The socket.
  let path: String
  /// Its hello: who it is, and the protocol it speaks.
  let hello: AppHello

  var app: String { ControlCharacters.escaped(hello.app) }
  var domain: String { ControlCharacters.escaped(hello.domain) }
  var pid: Int { hello.pid }
  var label: String { "\(domain)@\(pid)" }

  /// Connects to `path`, checks that the app listening there runs as this user, reads its hello
  /// and checks the protocol version it speaks; when `answers` (to attach, not only to list it),
  /// answers with this shell's. A stranger, another protocol, a refusal or a silent socket is an
  /// error.
  static func greet(_ path: String, answers: Bool = true) throws(CommandError) -> (AttachTarget, AttachSocket) {
    let socket = try AttachSocket.connectToOwnApp(at: path)
    let hello = try socket.greetApp(
      named: path, within: 5_000, silence: "\(path) did not greet this shell: is it a replshell attachment?", answers: answers)
    return (AttachTarget(path: path, hello: hello), socket)
  }

  /// The listing of `--attach` alone: one line per running app, a note per stale socket. Each app
  /// is described by the sidecar beside its socket when the folder is private to the user, and
  /// greeted over its socket otherwise (or when it wrote none). A folder of another user's, or
  /// one that others can write, is refused.
  static func listing() throws(CommandError) -> [OutputLine] {
    let folder = AttachDirectory.path
    try AttachDirectory.check(folder)
    let trustsSidecars = AttachDirectory.isPrivate(folder)
    var rows: [[String]] = []
    var notes: [OutputLine] = []
    var unvouched: [(path: String, pid: Int32)] = []
    for socket in try AttachDirectory.sockets(in: folder) {
      if trustsSidecars, let sidecar = AttachSidecar.read(AttachSidecar.path(forSocket: socket.path)), sidecar.pid == socket.pid {
        if sidecar.isCurrent {
          rows.append([ControlCharacters.escaped(sidecar.app), ControlCharacters.escaped(sidecar.domain), String(sidecar.pid), uptime(since: sidecar.started), sidecar.allowsWrites ? "read-write" : "read-only"])
        } else {
          let reused = AttachDirectory.isRunning(socket.pid) ? "; its pid is now another process's" : ""
          notes.append(OutputLine(.note, "\(socket.path): stale (process \(socket.pid) is gone\(reused))"))
        }
        continue
      }
      unvouched.append((socket.path, socket.pid))
    }
    // The rest are greeted together, each within one short bound: a silent socket costs the
    // listing that bound once, not once per socket.
    for (socket, greeted) in zip(unvouched, greetAll(unvouched.map(\.path), within: listingPatience)) {
      switch greeted {
      case .success(let target):
        let access = target.hello.writes ? "read-write" : "read-only"
        rows.append([target.app, target.domain, String(target.pid), uptime(since: target.hello.started), access])
      case .failure(let error):
        let gone = !AttachDirectory.isRunning(socket.pid)
        notes.append(OutputLine(.note, "\(socket.path): \(gone ? "stale (process \(socket.pid) is gone)" : ControlCharacters.escaped(error.message))"))
      }
    }
    guard !rows.isEmpty else {
      return [OutputLine(.note, "no running app has an attachment open in \(folder): open one with `ReplShellAttachment(store:domain:)`")] + notes
    }
    let table = [["APP", "DOMAIN", "PID", "UP", "ACCESS"]] + rows
    let widths = (0..<5).map { column in table.map { $0[column].count }.max() ?? 0 }
    let lines = table.map { row in
      OutputLine(.plain, zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
    }
    return lines + notes + [OutputLine(.note, "attach with `--attach PID`, `--attach APP` or `--attach PATH`")]
  }

  /// How long the listing waits for the apps it greets to say who they are (milliseconds), all
  /// together.
  static let listingPatience: Int32 = 1_000

  /// Connects to each of `paths` as `greet` does, then waits for all their hellos together, at
  /// most `milliseconds` in all, and reads each (without answering): the results in order.
  static func greetAll(_ paths: [String], within milliseconds: Int32) -> [Result<AttachTarget, CommandError>] {
    let connected = paths.map { path in Result { () throws(CommandError) in try AttachSocket.connectToOwnApp(at: path) } }
    // Only the connected are waited for; a failed connection keeps its error in the results.
    var waiting = connected.compactMap { connection -> pollfd? in
      guard case .success(let socket) = connection else { return nil }
      return pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)
    }
    let deadline = ContinuousClock.now + .milliseconds(milliseconds)
    while !waiting.isEmpty, ContinuousClock.now < deadline {
      let left = deadline - ContinuousClock.now
      let ready = poll(&waiting, nfds_t(waiting.count), Int32((left.inSeconds * 1_000).rounded(.up)))
      guard ready >= 0 || errno == EINTR else { break }
      waiting.removeAll { $0.revents != 0 }
    }
    return zip(paths, connected).map { path, connection in
      connection.flatMap { socket in
        Result { () throws(CommandError) in
          // A failed greeting closes the socket itself.
          let hello = try socket.greetApp(
            named: path, within: 0, silence: "\(path) did not greet this shell within \(milliseconds) ms: is it a replshell attachment?", answers: false)
          socket.close()
          return AttachTarget(path: path, hello: hello)
        }
      }
    }
  }

  /// The socket `--attach WHAT` names: a path, a pid or an app's (or domain's) name. A pid or a
  /// name is looked up in the attach folder, which must pass `AttachDirectory.check`; a path is
  /// taken as given (the connection then checks who listens on it).
  static func resolve(_ what: String) throws(CommandError) -> String {
    if what.contains("/") { return what }
    try AttachDirectory.check(AttachDirectory.path)
    let sockets = try AttachDirectory.sockets(in: AttachDirectory.path)
    let matches = Int32(what).map { pid in sockets.filter { $0.pid == pid } }
      ?? sockets.filter { $0.app == what || $0.app.hasPrefix(what) }
    let live = matches.filter { AttachDirectory.isRunning($0.pid) }
    guard let first = live.first else {
      throw CommandError("no running app named or numbered `\(what)` has an attachment open in \(AttachDirectory.path): type `--attach` alone for the list")
    }
    guard live.count == 1 else {
      throw CommandError("`\(what)` names \(live.count) apps: \(live.map { "\($0.app) (pid \($0.pid))" }.joined(separator: ", ")); attach by pid")
    }
    return first.path
  }

  private static func uptime(since start: Double) -> String {
    let seconds = max(0, Int(Date().timeIntervalSince1970 - start))
    if seconds < 60 { return "\(seconds)s" }
    if seconds < 3_600 { return "\(seconds / 60)m\(seconds % 60)s" }
    return "\(seconds / 3_600)h\(seconds / 60 % 60)m"
  }
}
#endif
