import Foundation
@testable import ReplShellHost
import SampleDomains
@testable import ReplShellDomain
@testable import ReplShellSession
@testable import Scenarios
@testable import StateValues

/// `--replay` files: the input, written to `replay.jsonl` in the scratch folder, opened as
/// `replshell --replay` opens it (`Shell.replay(contentsOf:name:)`: the recording's domain
/// started with its listeners off, its actions reduced again), then the session read back as a
/// user would read it: `history --full`, `history --tree`, `state`.
enum ReplayTarget {
  static let target = FuzzTarget(name: "replay") { bytes in
    let file = Scratch.folder.appendingPathComponent("replay.jsonl")
    do {
      try Data(bytes).write(to: file)
    } catch {
      fatalError("cannot write \(file.path): \(error)")
    }
    onMainActor {
      let shell = Shell(domains: Domain.samples, isScript: true, baseDirectory: Scratch.folder)
      shell.settings.reachLimit = .appState
      do throws(CommandError) {
        _ = try await shell.replay(contentsOf: file, name: "replay.jsonl")
        for line in ["history --full", "history --tree", "state"] {
          _ = await shell.execute(line)
        }
      } catch {
        if error.message.isEmpty { fatalError("a replay refused without a reason") }
      }
      await shell.close()
    }
  }
}
