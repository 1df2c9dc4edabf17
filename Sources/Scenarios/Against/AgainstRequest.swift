import StateValues
/// What the asking shell sends the serving one, one frame each.
enum AgainstRequest: Codable, Sendable, Equatable {
  /// The domain to run, from `state` (a snapshot of the asking session's state, as the state's
  /// `Codable` writes it), or from the domain's initial state when nil.
  case start(domain: String, state: JSONForm?)
  /// A sequence of actions from the start, answered with every step's state. Each action is a
  /// number in the table of actions the serving side keeps since `start`: `introducing` adds
  /// the next ones to it (each as the shell's value of its payload, read once), and `actions`
  /// names the sequence's steps by their numbers.
  case run(introducing: [WireValue], actions: [Int])
  /// The same, answered with a digest of each step's state instead (`ValueDigest`): a run
  /// whose digests all agree sends no state; one that does not is asked again with `run`.
  case digest(introducing: [WireValue], actions: [Int])
}
