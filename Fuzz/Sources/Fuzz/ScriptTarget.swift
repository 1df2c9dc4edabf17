import Foundation
@testable import Scenarios
@testable import ReplShellSession
@testable import ReplShellDomain
@testable import SessionProtocol
@testable import ReplShellHost

/// Scenario scripts and their goldens. The input is a script, then optionally a NUL byte and a
/// golden: the script runs as `--check` runs it (one turn of a session host, `ScriptLines`), in
/// Animals when its first command is `use animals` and in Counter otherwise (the shell starts the
/// domain, and that line becomes a comment: `use` itself reaches beyond the fuzz limit); its transcript is compared with the
/// golden, wildcards and all, and diffed as `--check` prints it. Every event the script made
/// must read back from the JSON line `--format json` writes for it, as `--replay` reads it.
enum ScriptTarget {
  static let target = FuzzTarget(name: "script") { bytes in
    let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    var script = Array(parts[0]).text
    let golden = parts.count > 1 ? Array(parts[1]).text : nil
    var domain = "counter"
    var lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let isCommand = { (line: String) in line.first?.isLetter == true }
    if let first = lines.firstIndex(where: isCommand), ["use counter", "use animals"].contains(lines[first]) {
      domain = String(lines[first].dropFirst(4))
      lines[first] = "# " + lines[first]
      script = lines.joined(separator: "\n")
    }
    let outcome = onMainActor { [script, domain] in
      let shell = await FuzzShells.started(domain)
      let outcome = await SessionHost(shell: shell).submit(
        ScriptRequest(text: script, name: "fuzz.txt", prelude: [], keepsEvents: true))
      await shell.close()
      return outcome
    }
    for event in outcome.events {
      let line = SessionEventJSON.line(for: event)
      if SessionEventJSON.event(from: line) == nil {
        fatalError("a session event that does not read back from its own JSON line: \(line)")
      }
    }
    if let golden {
      let comparison = GoldenComparison(golden: golden, transcript: outcome.text)
      _ = comparison.diff(goldenName: "fuzz.golden", transcriptName: "fuzz.txt")
    }
  }
}
