import Foundation
import ReplShellCommands
import ReplShellDomain
import ReplShellFoundation
import ReplShellSession
import StateValues

/// What the shell lends the commands it runs (`CommandHost`).
extension Shell: CommandHost {
  package var workProgress: ProgressReporter? { progress.work }

  package var programName: String { settings.programName }

  package var tables: TableSettings {
    get { settings.tables }
    set { settings.tables = newValue }
  }

  package var terminalColumns: Int? { settings.terminalColumns }

  package func addRedaction(_ redaction: Redaction) {
    redactions.add(redaction)
  }

  package var fileReach: FileReach { settings.fileReach }

  package func requireSession(inScript: Bool) throws(CommandError) -> any AnyDomainSession {
    try slot.require(domains: domains, inScript: inScript)
  }

  package var currentSession: (any AnyDomainSession)? { slot.session }

  package var runningDomain: (domain: String, options: [String: String])? {
    slot.running.map { ($0.domain.name, $0.options) }
  }

  package var recording: SessionRecording? { slot.running?.recording }

  package func startDomain(_ domain: String, options: [String: String]) async throws(CommandError) {
    try await start(domain: domain, options: options)
  }

  package var liveControl: (any LiveControl)? { slot.attached?.control }

  package func fork() throws(CommandError) { try slot.fork() }

  package func returnToLive() throws(CommandError) { try slot.returnToLive() }

  package func startInspector(port: Int) async throws(CommandError) -> String {
    try await inspection.start(port: port)
  }
}
