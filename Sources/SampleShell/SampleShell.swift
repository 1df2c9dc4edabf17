import ReplShell
import SampleDomains

/// `replshell`: the shell library driving the three sample domains.
@main struct SampleShell: ReplShellApp {
  static let domains: [Domain] = Domain.samples
}
