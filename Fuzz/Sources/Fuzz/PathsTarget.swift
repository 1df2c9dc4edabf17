@testable import Scenarios
@testable import ReplShellHost
@testable import ReplShellSession
@testable import ReplShellDomain

/// The path and predicate grammars against a live state: each line of the input after `state`,
/// `why`, `select`, `expect` and `history --changed` in a Counter and an Animals session that
/// have a few dispatches behind them. These commands only read (`CommandReach.nothing`), so
/// every input meets the same session.
enum PathsTarget {
  static let target = FuzzTarget(name: "paths") { bytes in
    let lines = Array(bytes.lines.prefix(8))
    onMainActor {
      for domain in ["counter", "animals"] {
        let shell = await FuzzShells.shared(domain)
        for line in lines {
          for command in ["state ", "why ", "why --all ", "select ", "expect ", "history --changed ", "state --json "] {
            _ = await shell.execute(command + line)
          }
        }
      }
    }
  }
}
