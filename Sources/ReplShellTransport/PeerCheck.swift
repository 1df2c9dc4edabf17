#if canImport(Glibc)
import Glibc
#endif

/// The kernel's word on who connected (`SO_PEERCRED`): only the user who runs the app may attach.
public enum PeerCheck {
  /// Why a connection is refused, as the app logs it and as the shell prints it.
  public struct Refusal: Sendable {
    /// What the app logs.
    public let appMessage: String
    /// What the refused shell prints.
    public let shellMessage: String
  }

  /// The refusal of a peer of another uid, or nil when it is this app's user.
  public static func refusal(of socket: AttachSocket) -> Refusal? {
    guard let peer = socket.peer() else {
      return Refusal(
        appMessage: "refused a shell whose user the kernel could not tell (\(String(cString: strerror(errno))))",
        shellMessage: "the app could not tell which user this shell runs as, and refused it")
    }
    let own = getuid()
    guard peer.uid != own else { return nil }
    return Refusal(
      appMessage: "refused a shell of uid \(peer.uid) (pid \(peer.pid)): only uid \(own), who runs this app, may attach",
      shellMessage: "the app (pid \(getpid())) runs as uid \(own) and refused this shell, which runs as uid \(peer.uid): attach as the user who runs the app")
  }
}
