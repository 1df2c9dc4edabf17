/// What `explore --against` says to the reducer of another revision of the same shell.
///
/// The other revision runs as a child process, `SHELL against-serve`, and reads requests on its
/// standard input and writes answers on its standard output, each one frame (`AttachFrame`: a
/// 4-byte big-endian length, then the JSON of one `Codable` value). It speaks first:
/// `AgainstAnswer.hello` with its `protocolVersion`. Then the shell asks it to `start` a domain
/// (from a snapshot of the session's state, or from the domain's initial state) and to `run`
/// sequences of actions from that start, one answer of every step's outcome per sequence. The
/// child runs the reducer alone: no store, no listeners, no file or network of its own.
enum AgainstProtocol {
  /// The version of the messages this build speaks: 2 adds `digest` requests, 3 numbers the
  /// actions of a sequence in a table each side keeps.
  static let version = 3

  /// The most actions the serving side's table holds; the asking side starts again past it.
  static let maximumActions = 1 << 20

  /// The first argument that starts a shell as the reducer of `explore --against`.
  static let serveArgument = "against-serve"

  /// The largest request the serving side reads: a start with the session's state, or a
  /// sequence of actions.
  static let maximumRequestLength = 64 << 20

  /// The largest answer the asking side reads: every step's state of one sequence.
  static let maximumAnswerLength = 256 << 20

  /// The one error when the other revision speaks `otherVersion`.
  static func mismatch(otherVersion: Int, other: String) -> String {
    "\(other) speaks explore --against protocol \(otherVersion) and this shell speaks \(version): "
      + (otherVersion < version
        ? "it was built before this shell's explore --against; compare with a revision built since"
        : "it is newer than this shell; run explore --against from it, against this one")
  }
}
