import ReplShell
import ReplShellDomain

extension Domain {
  /// The three sample domains that ship with `replshell`, the default first.
  public static let samples: [Domain] = [.counter, .animals, .quakes]
}
