import AnimalsStress
import Linearizability
import ReplShell
import ReplShellDomain
import ReplShellHost
import ReplShellInspector
import ReplShellSession
import SampleDomains

/// `replshell`: the shell library driving the three sample domains, with the web inspector.
/// `replshell stress` drives concurrent clients against running Animals servers instead.
@main struct SampleShell: ReplShellApp {
  static let domains: [Domain] = Domain.samples

  /// The register and key-value samples, and the Animals server's model for `replshell stress`'s histories.
  static let linearizabilityDomains: [LinearizabilityDomain] = LinearizabilityDomain.samples + [.animalsServer]

  static func makeInspector(_ host: InspectorHost) -> (any SessionInspector)? {
    WebInspector(host: host)
  }

  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "stress" {
      await StressCommand.main(Array(arguments.dropFirst()))
    }
    await run()
  }
}
