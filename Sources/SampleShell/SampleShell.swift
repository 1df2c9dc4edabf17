import ReplShell
import ReplShellInspector
import SampleDomains

/// `replshell`: the shell library driving the three sample domains, with the web inspector.
@main struct SampleShell: ReplShellApp {
  static let domains: [Domain] = Domain.samples

  static func makeInspector(_ host: InspectorHost) -> (any SessionInspector)? {
    WebInspector(host: host)
  }
}
