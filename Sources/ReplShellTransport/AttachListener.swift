#if canImport(Glibc)
import Glibc
import StateValues
#endif

/// Opens the listening socket of an attachment, replacing a stale one safely.
public enum AttachListener {
  /// Binds and listens at `path` with mode 0600. A socket already there is replaced only when
  /// nothing answers on it (its process is gone); anything else there is an error.
  public static func open(_ path: String) throws(CommandError) -> AttachSocket {
    var info = stat()
    if lstat(path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFSOCK else {
        throw CommandError("\(path) exists and is not a socket; remove it")
      }
      if answers(path) {
        throw CommandError("another process answers on \(path); is this app already attached?")
      }
      // Stale: left by a process that died. Nothing answers, so it is safe to replace.
      unlink(path)
    }
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw CommandError("cannot make a socket: \(String(cString: strerror(errno)))") }
    var address = try AttachSocket.unixAddress(path)
    // The socket is created 0600 (no window in which another user could connect).
    let mask = umask(0o177)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    umask(mask)
    guard bound == 0, listen(descriptor, 16) == 0 else {
      let reason = String(cString: strerror(errno))
      _ = Glibc.close(descriptor)
      throw CommandError("cannot listen on \(path): \(reason)")
    }
    chmod(path, 0o600)
    return AttachSocket(descriptor: descriptor)
  }
}

extension AttachListener {
  /// Removes the sockets that processes which died left in `folder`: nothing answers on them
  /// and their pid is gone. A socket that answers, or whose process runs, stays.
  public static func removeStaleSockets(in folder: String) throws(CommandError) {
    for socket in try AttachDirectory.sockets(in: folder) where !AttachDirectory.isRunning(socket.pid) {
      var info = stat()
      guard lstat(socket.path, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK else { continue }
      if answers(socket.path) { continue }
      unlink(socket.path)
      unlink(AttachSidecar.path(forSocket: socket.path))
    }
  }

  /// Whether a process answers on the socket at `path`: a connection that is refused (or cannot
  /// be made) means the socket is stale.
  private static func answers(_ path: String) -> Bool {
    guard let socket = try? AttachSocket.connect(to: path) else { return false }
    socket.close()
    return true
  }
}
