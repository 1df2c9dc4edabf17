// Linux only for now: Glibc's sockets (macOS would take Darwin's and `getpeereid`).
#if canImport(Glibc)
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One end of an attachment's Unix socket, speaking frames: a 4-byte big-endian length, then
/// that many bytes of UTF-8 JSON. The app and the shell share it; nothing here listens on TCP.
package struct AttachSocket: Sendable {
  /// The largest frame an app accepts from a shell (a request is one command line): a bigger
  /// length closes that connection.
  package static let maximumFrameLength = 1 << 20

  /// The largest frame a shell accepts from its app, which the kernel has vouched for by then
  /// (same uid): `state` or `diff` of a 64k-quake app prints tens of MiB in one event.
  package static let maximumReplyLength = 256 << 20

  /// What went wrong on the socket.
  package enum Failure: Error, Equatable {
    /// The peer closed the connection, or it broke.
    case closed
    /// A frame announced more bytes than the reader accepts.
    case oversized(Int)
    /// A frame was not UTF-8 JSON of the expected shape.
    case malformed
  }

  /// The file descriptor.
  package let descriptor: Int32

  /// Wraps a connected descriptor.
  package init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Connects to the socket at `path`; the error says why not (`errno`'s text).
  package static func connect(to path: String) throws(CommandError) -> AttachSocket {
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
  package static func connectToOwnApp(at path: String) throws(CommandError) -> AttachSocket {
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
  package func peer() -> (pid: Int32, uid: uid_t)? {
    var credentials = PeerCredentials()
    var size = socklen_t(MemoryLayout<PeerCredentials>.size)
    guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &size) == 0 else { return nil }
    return (credentials.pid, credentials.uid)
  }

  /// A `sockaddr_un` for `path`, which must fit in it.
  package static func unixAddress(_ path: String) throws(CommandError) -> sockaddr_un {
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

  /// Sends one frame; false when the connection is gone.
  @discardableResult
  package func send(_ text: String) -> Bool {
    let body = Array(text.utf8)
    let length = UInt32(body.count).bigEndian
    var frame = withUnsafeBytes(of: length) { Array($0) }
    frame += body
    return writeAll(frame)
  }

  /// Writes every byte, or returns false.
  package func writeAll(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }

  /// Reads one frame's text; throws `.closed` at the end, `.oversized` (over `limit` bytes) or
  /// `.malformed` for garbage.
  package func receive(limit: Int = maximumFrameLength) throws(Failure) -> String {
    let header = try read(count: 4)
    let length = header.reduce(0) { $0 << 8 | Int($1) }
    guard length <= limit else { throw .oversized(length) }
    guard let text = String(validating: try read(count: length), as: UTF8.self) else { throw .malformed }
    return text
  }

  /// Reads the app's first answer (its greeting) within `milliseconds`: closes the socket and
  /// throws `silence` when none comes, and the app's reason when it refused this shell.
  package func receiveGreeting(within milliseconds: Int32, silence: String) throws(CommandError) -> [String: Any] {
    guard isReadable(within: milliseconds), let greeting = try? receiveObject(limit: Self.maximumReplyLength) else {
      close()
      throw CommandError(silence)
    }
    if greeting["event"] as? String == "refused" {
      close()
      throw CommandError("refused: \(greeting["message"] as? String ?? "no reason given")")
    }
    return greeting
  }

  /// Reads one frame as a JSON object.
  package func receiveObject(limit: Int = maximumFrameLength) throws(Failure) -> [String: Any] {
    let text = try receive(limit: limit)
    guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else { throw .malformed }
    return object
  }

  private func read(count: Int) throws(Failure) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var offset = 0
    while offset < count {
      let got = bytes[offset...].withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { throw .closed }
      offset += got
    }
    return bytes
  }

  /// Whether a frame (or the end) can be read within `milliseconds`.
  package func isReadable(within milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, milliseconds) > 0
  }

  /// Shuts the connection down both ways: a thread blocked reading it wakes up to its end.
  package func shutdown() {
    _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
  }

  /// Closes the descriptor.
  package func close() {
    _ = Glibc.close(descriptor)
  }

  /// A JSON object on one line, from plain values (strings, numbers, booleans, arrays, objects).
  package static func json(_ object: [String: Any]) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}

/// Linux's `struct ucred`, which Glibc's module map hides behind `_GNU_SOURCE`.
private struct PeerCredentials {
  var pid: pid_t = 0
  var uid: uid_t = 0
  var gid: gid_t = 0
}
#endif
