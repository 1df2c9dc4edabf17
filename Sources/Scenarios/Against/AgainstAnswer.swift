/// What the serving shell answers, one frame each.
enum AgainstAnswer: Codable, Sendable, Equatable {
  /// The first frame: the protocol version it speaks and the shell's name and version.
  case hello(protocolVersion: Int, shell: String)
  /// The domain started: its state as values.
  case started(state: WireValue)
  /// Each step of a sequence, in order.
  case steps([AgainstStep])
  /// Each step of a sequence as a digest, in order: the state's after an accepted one.
  case digests([AgainstDigest])
  /// The request could not be done: why, said to the user as it is.
  case refused(String)
}
