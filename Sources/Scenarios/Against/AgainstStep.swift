/// What one action of a sequence did in a revision.
enum AgainstStep: Codable, Sendable, Equatable {
  /// The reducer accepted it: the state after, or nil when it is the same as before.
  case accepted(state: WireValue?)
  /// The reducer threw: the error as `String(describing:)` writes it.
  case rejected(String)
  /// The revision has no such action: why it does not read.
  case unreadable(String)
}
