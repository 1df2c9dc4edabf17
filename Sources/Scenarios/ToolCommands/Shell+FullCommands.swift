import Foundation
import ReplShellDomain
import ReplShellHost
import ReplShellSession

extension Shell {
  /// Creates a shell over `domains` that runs every command of a shell process
  /// (`CommandSet.full`); nothing runs until `use` or `start(domain:)`.
  public convenience init(domains: [Domain], isScript: Bool, baseDirectory: URL) {
    self.init(domains: domains, isScript: isScript, baseDirectory: baseDirectory, commands: .full)
  }
}
