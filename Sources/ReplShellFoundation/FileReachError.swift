/// Why a file a command named cannot be read or written: the path as given and the reason, never
/// any of the file's content (a refusal must not show what a file it was not meant to read holds).
public struct FileReachError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Whether the file was to be read or written.
  public enum Access: String, Sendable {
    case read, write
  }

  /// The path as the user gave it.
  public let path: String
  /// Reading or writing.
  public let access: Access
  /// Why, with what to do instead: "it is a symbolic link; give the path of the file itself".
  public let reason: String
  /// The limit of the reading's budget that ran out, or nil when the file was refused.
  public let shortfall: BudgetShortfall?

  /// A refusal of `path` for `access`, or a reading `shortfall` stopped.
  public init(path: String, access: Access, reason: String, shortfall: BudgetShortfall? = nil) {
    self.path = path
    self.access = access
    self.reason = reason
    self.shortfall = shortfall
  }

  public var description: String {
    "cannot \(access.rawValue) \(path): \(reason)"
  }
}
