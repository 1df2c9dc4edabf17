import StateValues

/// The state of a domain's store at a point of a recorded session: where an app's flight
/// recorder starts each log file, so that `--replay` can start from it after older files rotated away.
public struct SnapshotEvent: Sendable, Equatable {
  /// The domain the store runs (`use` names it).
  public let domain: String
  /// How many actions the store had applied: the next dispatch is entry `entry + 1`.
  public let entry: Int
  /// The state as `Codable` writes it, when the state is `Encodable`; nil otherwise.
  public let state: JSONForm?

  /// Describes a snapshot.
  public init(domain: String, entry: Int, state: JSONForm?) {
    self.domain = domain
    self.entry = entry
    self.state = state
  }
}
