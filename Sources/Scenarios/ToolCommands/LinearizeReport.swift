import Linearizability
import ReplShellFoundation
import StateValues

/// `linearize`'s reports as data: each history's verdict and printed lines, and for one that is
/// not linearizable the part that failed drawn as `replshell linearize --html` draws it — a row
/// per client, each operation from its invocation to its completion, the witness's operations
/// marked and the one that cannot be placed named — which the inspector's page draws.
struct LinearizeReport {
  /// The most operations drawn of a failed part; past it the shrunk witness alone is drawn.
  static var drawnLimit: Int { 400 }

  /// Each file as typed, with its report.
  let checked: [(file: String, report: LinearizeRun.Report)]

  /// The reports as JSON.
  var json: JSONForm {
    .object([("histories", .array(checked.map { Self.history(file: $0.file, report: $0.report) }))])
  }

  private static func history(file: String, report: LinearizeRun.Report) -> JSONForm {
    let verdict = switch report.outcome {
    case .linearizable: "linearizable"
    case .notLinearizable: "not linearizable"
    case .unknown: "unknown"
    case .malformed: "malformed"
    }
    let lines = report.lines.map { $0.hasPrefix(report.source) ? file + $0.dropFirst(report.source.count) : $0 }
    return .object([
      ("file", .string(file)), ("verdict", .string(verdict)), ("lines", .array(lines.map(JSONForm.string))),
      ("witness", report.failure.map { witness(part: $0.part, counterexample: $0.witness) } ?? .null),
    ])
  }

  /// The failed part drawn: its clients, the events it spans (`from` up to `to`), its operations (the witness's
  /// marked), and why the last of the witness cannot be placed.
  private static func witness(part: History, counterexample: Counterexample) -> JSONForm {
    let witnessLines = Set(counterexample.history.operations.map(\.invocationLine))
    let blockedLine = counterexample.blocked.map { counterexample.history.operations[$0].invocationLine }
    let drawsPart = part.operations.count <= drawnLimit
    let drawn = drawsPart ? part.operations : Array(counterexample.history.operations.prefix(drawnLimit))
    let operations = drawn.map { operation -> JSONForm in
      .object([
        ("client", .int(operation.process)), ("start", .int(operation.invokedAt)),
        ("end", operation.outcome == .info ? .null : operation.completedAt.map(JSONForm.int) ?? .null),
        ("outcome", .string(operation.outcome.rawValue)),
        ("text", .string(ControlCharacters.escaped(operation.summary, onOneLine: true))),
        ("line", .int(operation.invocationLine)), ("witness", .bool(witnessLines.contains(operation.invocationLine))),
        ("blocked", .bool(blockedLine == operation.invocationLine)),
      ])
    }
    let clients = Array(Set(drawn.map(\.process))).sorted()
    return .object([
      ("partition", counterexample.partition.map { .string(ControlCharacters.escaped($0.description, onOneLine: true)) } ?? .null),
      ("operations", .int(part.operations.count)), ("witnessOperations", .int(counterexample.history.operations.count)),
      ("drawsPart", .bool(drawsPart)), ("from", .int(drawn.map(\.invokedAt).min() ?? 0)),
      ("to", .int((drawn.map { max($0.invokedAt, $0.completedAt ?? $0.invokedAt) }.max() ?? 0) + 1)),
      ("clients", .array(clients.map(JSONForm.int))), ("drawn", .array(operations)),
      ("reason", .string(ControlCharacters.escaped(counterexample.reason, onOneLine: true))),
    ])
  }
}
