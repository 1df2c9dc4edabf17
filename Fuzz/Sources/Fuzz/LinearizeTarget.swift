import Foundation
@testable import Linearizability

/// History files for `linearize`: the input read as `linearize FILE` reads it
/// (`HistoryReader.read(_:source:)`: Jepsen's EDN, JSON lines or Jepsen's log, one op a line).
/// A history read must hold what the reader promises (each op's lines within the text, a
/// completion after its invocation); a refusal must name a line of the text.
enum LinearizeTarget {
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
  }
}
