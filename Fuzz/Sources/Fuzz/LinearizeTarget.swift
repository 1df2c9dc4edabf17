import Foundation
@testable import Linearizability
import ReplShellFoundation

/// History files for `linearize`: the input read as `linearize FILE` reads it
/// (`HistoryReader.read(_:source:)`: Jepsen's EDN, JSON lines or Jepsen's log, one op a line),
/// then checked as `linearize` checks it, against the register and the key-value model, within
/// a small budget. A history read must hold what the reader promises (each op's lines within the
/// text, a completion after its invocation); a refusal must name a line of the text; and no line
/// the check prints may carry a control character (a history's text reaches a terminal).
enum LinearizeTarget {
  /// A budget that keeps each input's check short: the fuzzer is after the reader and the
  /// rendering, not long searches.
  static let budget: LinearizeBudget = {
    var budget = LinearizeBudget()
    budget.maximumSteps = 50_000
    budget.maximumWitnessLines = 40
    return budget
  }()

  static let target = FuzzTarget(name: "linearize") { bytes in
    let text = bytes.text
    let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
    do throws(HistoryError) {
      let history = try HistoryReader.read(text, source: "fuzz.edn")
      for operation in history.operations {
        guard (1...lineCount).contains(operation.invocationLine),
          operation.completionLine.map({ $0 > operation.invocationLine && $0 <= lineCount }) ?? true,
          operation.completedAt.map({ $0 > operation.invokedAt }) ?? true
        else {
          fatalError("an op read from lines outside the text or completed before it was invoked: \(operation)")
        }
      }
    } catch {
      if let line = error.line, !(1...lineCount).contains(line) {
        fatalError("the refusal names line \(line) of a text of \(lineCount) lines: \(error)")
      }
    }
    for domain in [LinearizabilityDomain.register, .keyValue] {
      var run = LinearizeRun(domain: domain)
      run.budget = budget
      run.timeout = .milliseconds(200)
      for line in run.check(text: text, source: "fuzz.edn").lines where line.unicodeScalars.contains(where: ControlCharacters.isControlOrOverride) {
        fatalError("a line printed with a control character in it: \(line.debugDescription)")
      }
    }
  }
}
