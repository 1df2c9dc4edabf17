import Foundation
import ReplShellDomain
import ReplShellHost
import ReplShellSession
import Scenarios
import StateValues

/// `--inspect --script FILE`: runs one script with the inspector serving it, prints its
/// transcript, then goes on serving the session until Ctrl-C. Lines the page sends run after the
/// script's, and the transcript on standard output goes on with them, echoed behind the prompt.
@MainActor struct InspectedScriptMode {
  let domains: [Domain]
  let output: TerminalOutput
  let debugCategories: [String]
  let redacts: Bool
  let format: OutputFormat
  /// The port to serve on; 0 picks a free one.
  let port: Int
  let makeInspector: @MainActor (InspectorHost) -> (any SessionInspector)?

  /// Runs the script and serves until interrupted; false when the script failed or the
  /// inspector could not start.
  func run(path: String) async -> Bool {
    let url = URL(fileURLWithPath: path)
    let shell = Shell(domains: domains, isScript: true, baseDirectory: url.deletingLastPathComponent())
    shell.redacts = redacts
    let sessionHost = SessionHost(shell: shell)
    let host = InspectorHost(shell: shell) { [output, format] line in
      let result = await sessionHost.run(line, echoesCommands: true)
      output.write(format == .json ? OutputFormat.jsonLines(result.events) : result.lines)
      return result
    }
    guard let inspector = makeInspector(host) else {
      output.writeError("error: " + CommandError.noInspector.message)
      await shell.close()
      return false
    }
    shell.inspection.inspector = inspector
    let address: String
    do {
      address = try await inspector.start(port: port)
    } catch {
      output.writeError("error: \(error.message)")
      await shell.close()
      return false
    }
    output.writeError("inspector: \(address)")
    let prelude = debugCategories.map { "debug \($0) on" }
    let outcome = await ScriptRunner(domains: domains, redacts: redacts, keepsEvents: format == .json)
      .run(url, displayPath: path, prelude: prelude, in: sessionHost)
    output.write(format == .json ? OutputFormat.jsonLines(outcome.events) : outcome.transcript)
    output.writeError("inspector: still serving \(address) — Ctrl-C to stop")
    await Interrupt.untilInterrupted()
    await inspector.stop()
    await shell.close()
    return outcome.succeeded
  }
}
