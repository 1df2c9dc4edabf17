import Foundation
import Glibc
import TestSupport
import Testing

/// What an attached shell does with a line its app would refuse, and with a frame from its app
/// that breaks the protocol: a line past the app's 1 MiB request limit is refused by the shell
/// before it is sent, so the connection (and the fork in the app) lives on; a broken frame ends
/// the attachment with an error that names it, never as an app that "exited or was killed".
@Suite(.timeLimit(.minutes(10)))
struct AttachFaultNamingTests {
  @Test func aLinePastTheAppsLimitIsRefusedBeforeItIsSent() async throws {
    try await AttachedPair.with(allowsWrites: true) { pair in
      try await pair.attachShell([])
      let shell = try #require(pair.shell)
      shell.send("fork")
      shell.send("dispatch didTapIncrementButton")
      _ = try await shell.wait(for: "+   value: 1")
      // A comment of 1 MiB and more: as a request, it is past what the app accepts.
      shell.send("# " + String(repeating: "x", count: 1 << 20))
      // A piped shell ends at a line that fails, as it does at any; the app kept the connection.
      #expect(try await shell.exitStatus() == 1)
      #expect(
        shell.output.contains(
          "error: not sent: this line makes a request of \((1 << 20) + 53) bytes, past the 1048576 (1 MiB) an app accepts in one, which would end the attachment; shorten it"),
        "\(shell.output)")
      #expect(!shell.errors.contains("lost the connection"), "\(shell.errors)")
      #expect(!(pair.app.output + pair.app.errors).contains("oversized"), "\(pair.app.errors)")
      #expect(pair.app.process.isRunning)
    }
  }

  @Test(arguments: [
    ("oversized", "sent an oversized frame (314572800 bytes, past the 268435456 a shell accepts in one), so this shell closed the connection"),
    ("not-utf8", "sent a frame that is not a message of attach protocol 3: it is not UTF-8 text (an invalid byte at offset 1), so this shell closed the connection"),
    ("garbage", "sent a frame that is not a message of attach protocol 3: it is not JSON ("),
    ("empty", "sent a frame that is not a message of attach protocol 3: it is empty (length 0), so this shell closed the connection"),
    ("deep", "sent a frame that is not a message of attach protocol 3: it nests arrays and objects 100000 deep, past the 512 levels a frame may have, so this shell closed the connection"),
    ("unknown-event", "sent a frame that is not a message of attach protocol 3: it is JSON, but of no message attach protocol 3 has ("),
  ])
  func aFrameThatBreaksTheProtocolIsNamedAsWhatItIs(fault: String, named: String) async throws {
    let folder = try TrustFolder()
    try folder.makeAttachFolder(owner: getuid(), mode: 0o700)
    let path = folder.attachFolder + "/counter-\(getpid()).sock"
    let impostor = try await folder.impostor(at: path, asNobody: false, fault: fault)
    let shell = try folder.shell(["--attach", path])
    shell.send("state")
    #expect(try await shell.exitStatus() == 1)
    #expect(shell.errors.contains(named), "\(shell.errors)")
    #expect(!shell.errors.contains("exited or was killed"), "\(shell.errors)")
    _ = try await impostor.wait(for: #"received {"line":"state","#)
  }

  /// `--attach` alone greets the apps it cannot read a sidecar for all together: five sockets that
  /// never say hello are all connected to before the first is given up on, and each is noted.
  @Test func theListingGreetsSilentSocketsTogether() async throws {
    let folder = try TrustFolder()
    try folder.makeAttachFolder(owner: getuid(), mode: 0o700)
    let listeners = try (1...5).map { try SilentListener(at: folder.attachFolder + "/silent\($0)-\(getpid()).sock") }
    let listing = try folder.shell(["--attach"])
    // Each connection is taken as it comes; when the fifth arrives, none before it has been closed.
    let accepted = try listeners.map { try $0.acceptConnection() }
    #expect(accepted.allSatisfy { !SilentListener.isClosed($0) }, "the listing closed a socket before it connected to the next")
    #expect(try await listing.exitStatus() == 0)
    for listener in listeners {
      #expect(listing.output.contains("\(listener.path): \(listener.path) did not greet this shell within 1000 ms: is it a replshell attachment?"), "\(listing.output)")
    }
    accepted.forEach { close($0) }
  }
}

/// A Unix socket that accepts a connection and says nothing: an app hung before its hello, or
/// not an app at all.
final class SilentListener {
  let path: String
  private let descriptor: Int32

  init(at path: String) throws {
    self.path = path
    descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      buffer.copyBytes(from: Array(path.utf8))
      buffer[path.utf8.count] = 0
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard bound == 0, listen(descriptor, 4) == 0 else {
      throw PipedChild.Failure(description: "cannot listen on \(path): \(String(cString: strerror(errno)))")
    }
  }

  deinit { close(descriptor) }

  /// The next connection, once one comes (within a minute: a bound for a broken build).
  func acceptConnection() throws -> Int32 {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, 60_000) > 0 else { throw PipedChild.Failure(description: "no connection came to \(path)") }
    return accept(descriptor, nil, nil)
  }

  /// Whether the peer of `connection` has closed it.
  static func isClosed(_ connection: Int32) -> Bool {
    var entry = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, 0) > 0 else { return false }
    var byte: UInt8 = 0
    return recv(connection, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0
  }
}
