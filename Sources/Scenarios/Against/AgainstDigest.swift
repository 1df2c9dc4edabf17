import StateValues
/// What one action of a sequence did in a revision, with its state as a digest: what a `digest`
/// request is answered with, a few bytes a step however large the state.
enum AgainstDigest: Codable, Sendable, Equatable {
  /// The reducer accepted it: the digest of the state after (`ValueDigest`).
  case accepted(UInt64)
  /// The reducer threw: the error as `String(describing:)` writes it.
  case rejected(String)
  /// The revision has no such action, or its state cannot be read as values: why.
  case unreadable(String)
}

extension AgainstDigest {
  /// The digests of `steps`, a sequence's answers from the state `start`.
  static func digests(of steps: [AgainstStep], from start: Value) -> [AgainstDigest] {
    var current = start
    var digest = ValueDigest.of(start)
    return steps.map { step in
      switch step {
      case .accepted(let state):
        if let state {
          current = state.value
          digest = ValueDigest.of(current)
        }
        return .accepted(digest)
      case .rejected(let reason): return .rejected(reason)
      case .unreadable(let reason): return .unreadable(reason)
      }
    }
  }
}
