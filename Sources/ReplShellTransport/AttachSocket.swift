// Linux only for now: Glibc's sockets (macOS would take Darwin's and `getpeereid`).
#if canImport(Glibc)
#if canImport(Glibc)
import Glibc
import SessionProtocol
import StateValues
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One end of an attachment's Unix socket, speaking the attach protocol's frames
/// (`AttachFrame`): a 4-byte big-endian length, then the JSON of one message. The app and the
/// shell share it; nothing here listens on TCP.
public struct AttachSocket: Sendable {
  /// What went wrong reading a frame.
  public typealias Failure = AttachFrame.Failure

  /// The file descriptor.
  public let descriptor: Int32

  /// Wraps a connected descriptor.
  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Connects to the socket at `path`; the error says why not (`errno`'s text).
  public static func connect(to path: String) throws(CommandError) -> AttachSocket {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw CommandError("cannot make a socket: \(String(cString: strerror(errno)))") }
    var address = try unixAddress(path)
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard result == 0 else {
      let code = errno
      _ = Glibc.close(descriptor)
      var owner = stat()
      if code == EACCES, stat(path, &owner) == 0 || lstat((path as NSString).deletingLastPathComponent, &owner) == 0, owner.st_uid != getuid() {
        throw CommandError("cannot connect to \(path): it belongs to uid \(owner.st_uid) and this shell runs as uid \(getuid()): attach as the user who runs the app")
      }
      throw CommandError("cannot connect to \(path): \(String(cString: strerror(code)))")
    }
    return AttachSocket(descriptor: descriptor)
  }

  /// Connects to the app at `path` as a shell does: the kernel's word on who listens there
  /// (`SO_PEERCRED`) must be this shell's own uid, or the connection is closed before a byte is
  /// read or sent; the error names the stranger's uid and pid and says what to do.
  public static func connectToOwnApp(at path: String) throws(CommandError) -> AttachSocket {
    let socket = try connect(to: path)
    guard let peer = socket.peer() else {
      let reason = String(cString: strerror(errno))
      socket.close()
      throw CommandError("cannot tell which user listens on \(path) (\(reason)): this shell sent it nothing")
    }
    guard peer.uid == getuid() else {
      socket.close()
      throw CommandError(
        "\(path) is served by process \(peer.pid) of uid \(peer.uid), not by uid \(getuid()) who runs this shell: it is not an app of yours, and this shell sent it nothing; remove the socket if you did not expect it, and attach as the user who runs the app")
    }
    return socket
  }

  /// The process on the other end, as the kernel saw it when the connection was made
  /// (`SO_PEERCRED`); nil when the kernel cannot tell (`errno` says why).
  public func peer() -> (pid: Int32, uid: uid_t)? {
    var credentials = PeerCredentials()
    var size = socklen_t(MemoryLayout<PeerCredentials>.size)
    guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &size) == 0 else { return nil }
    return (credentials.pid, credentials.uid)
  }

  /// A `sockaddr_un` for `path`, which must fit in it.
  public static func unixAddress(_ path: String) throws(CommandError) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard bytes.count < capacity else { throw CommandError("the socket path \(path) is longer than \(capacity - 1) bytes") }
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      buffer.copyBytes(from: bytes)
      buffer[bytes.count] = 0
    }
    return address
  }

  /// Sends one message; false when the connection is gone.
  @discardableResult
  public func send(_ message: some Encodable) -> Bool {
    let frame: [UInt8]
    do {
      frame = try AttachFrame.bytes(of: message)
    } catch {
      // The protocol's messages are strings, numbers and arrays of them: they always encode.
      return false
    }
    return writeAll(frame)
  }

  /// Writes every byte, or returns false.
  public func writeAll(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }

  /// Reads one message; throws `.closed` at the end, `.oversized` (over `limit` bytes) or
  /// `.malformed` for a frame that is not a `Message`.
  public func receive<Message: Decodable>(_ type: Message.Type, limit: Int) throws(Failure) -> Message {
    let length = try AttachFrame.length(ofHeader: try read(count: 4), limit: limit)
    return try AttachFrame.message(type, from: try read(count: length))
  }

  /// Reads messages on a thread of its own, called `name`, until the connection ends: the one
  /// place a socket of the attachment is read in a loop (the app's reader of a shell's requests,
  /// the shell's of its connection, the inspector link's). `handle` is given each message, and
  /// last the failure that ended reading (`.closed` at the end); it returns false to stop
  /// reading sooner.
  public func readEach<Message: Decodable & Sendable>(
    _ type: Message.Type, limit: Int, on name: String, _ handle: @escaping @Sendable (Result<Message, Failure>) -> Bool
  ) {
    BlockingThread.start(name) {
      while true {
        do throws(Failure) {
          guard handle(.success(try receive(type, limit: limit))) else { return }
        } catch {
          _ = handle(.failure(error))
          return
        }
      }
    }
  }

  /// Reads a running app's hello within `milliseconds` and checks the protocol version it speaks;
  /// when `answers`, sends this shell's hello back (an attached shell does; `--attach` alone only
  /// looks). Closes the socket and throws `silence` when no hello comes, the one mismatch error
  /// naming both versions, or the app's reason when it refused this shell.
  public func greetApp(named name: String, within milliseconds: Int32, silence: String, answers: Bool) throws(CommandError) -> AppHello {
    let first: AppMessage
    do throws(Failure) {
      guard isReadable(within: milliseconds) else { throw .closed }
      first = try receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength)
    } catch .malformed {
      close()
      throw CommandError("\(name) greeted this shell with a message of another protocol: " + AttachProtocol.shellMismatch(appVersion: nil, app: name))
    } catch {
      close()
      throw CommandError(silence)
    }
    switch first {
    case .hello(let hello) where hello.protocolVersion == AttachProtocol.version:
      if answers, !send(ShellRequest.hello(protocolVersion: AttachProtocol.version)) {
        close()
        throw CommandError(silence)
      }
      return hello
    case .hello(let hello):
      close()
      throw CommandError(AttachProtocol.shellMismatch(appVersion: hello.protocolVersion, app: name))
    case .refused(let reason):
      close()
      throw CommandError("refused: \(reason)")
    default:
      close()
      throw CommandError(silence)
    }
  }

  /// The most bytes one `recv` takes: a frame's bytes are kept as they arrive, so a peer that
  /// announces a long frame (up to the limit: 256 MiB from an app) and sends less costs memory
  /// for what it sent, not for what it announced.
  private static let readPiece = 64 << 10

  /// Reads exactly `count` bytes; throws `.closed` when the peer ends first.
  private func read(count: Int) throws(Failure) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(count, Self.readPiece))
    var piece = [UInt8](repeating: 0, count: min(count, Self.readPiece))
    while bytes.count < count {
      let wanted = min(piece.count, count - bytes.count)
      let got = piece.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, wanted, 0) }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { throw .closed }
      bytes.append(contentsOf: piece[..<got])
    }
    return bytes
  }

  /// Whether a frame (or the end) can be read within `milliseconds`.
  public func isReadable(within milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, milliseconds) > 0
  }

  /// Shuts the connection down both ways: a thread blocked reading it wakes up to its end.
  public func shutdown() {
    _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
  }

  /// Closes the descriptor.
  public func close() {
    _ = Glibc.close(descriptor)
  }
}

/// Linux's `struct ucred`, which Glibc's module map hides behind `_GNU_SOURCE`.
private struct PeerCredentials {
  var pid: pid_t = 0
  var uid: uid_t = 0
  var gid: gid_t = 0
}
#endif
