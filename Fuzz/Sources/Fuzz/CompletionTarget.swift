@testable import Scenarios
@testable import ReplShellSession
@testable import ReplShellDomain
@testable import ReplShellCommands

/// Completion: Tab at the end of each line of the input, in a Counter, an Animals and a Quakes
/// session. Its time budget is libFuzzer's `-timeout` (see `make fuzz`). What it offers must
/// replace no more than the line holds.
enum CompletionTarget {
  static let target = FuzzTarget(name: "completion") { bytes in
    let lines = Array(bytes.lines.prefix(8))
    onMainActor {
      for domain in ["counter", "animals", "quakes"] {
        let shell = await FuzzShells.shared(domain)
        for line in lines {
          let completion = ShellCompletion.of(line, in: shell)
          if completion.replacedLength < 0 || completion.replacedLength > line.count {
            fatalError("completion of \(line.debugDescription) replaces \(completion.replacedLength) characters")
          }
        }
      }
    }
  }
}
