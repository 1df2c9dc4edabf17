import Linearizability

/// The events of a stress run, in the order they happened, as Jepsen's `history.edn` lines.
///
/// An invocation is recorded before its request is sent and a completion after its answer
/// arrives, so an operation recorded as completed before another's invocation did finish
/// before that one began: the file's order is a real-time order the checker may trust.
actor HistoryRecorder {
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private(set) var lines: [String] = []
  /// How many operations ended `:ok`, `:fail` and `:info`.
  private(set) var counts: [HistoryOperation.Outcome: Int] = [:]
  /// Why the last operation that did not succeed failed, in words (`connection refused`).
  private(set) var lastFailure: String?

  init() {
    self.start = clock.now
  }

  /// Records that `process` invoked `function` asking `value`.
  func invoke(process: Int, function: AnimalsServerModel.Function, value: EDNValue) {
    append([(.keyword("type"), .keyword("invoke")), (.keyword("f"), .keyword(function.rawValue)), (.keyword("value"), value), (.keyword("process"), .integer(process))])
  }

  /// Records how `process`'s operation ended.
  func complete(process: Int, function: AnimalsServerModel.Function, completion: StressCompletion) {
    var pairs: [(key: EDNValue, value: EDNValue)] = [(.keyword("type"), .keyword(completion.outcome.rawValue)), (.keyword("f"), .keyword(function.rawValue)), (.keyword("value"), completion.value)]
    if let error = completion.error { pairs.append((.keyword("error"), error)) }
    pairs.append((.keyword("process"), .integer(process)))
    counts[completion.outcome, default: 0] += 1
    if completion.outcome != .ok { lastFailure = completion.error?.name }
    append(pairs)
  }

  private func append(_ pairs: [(key: EDNValue, value: EDNValue)]) {
    let elapsed = clock.now - start
    let nanoseconds = Int(elapsed.components.seconds) * 1_000_000_000 + Int(elapsed.components.attoseconds / 1_000_000_000)
    lines.append(EDNValue.map(pairs + [(.keyword("time"), .integer(nanoseconds)), (.keyword("index"), .integer(lines.count))]).description)
  }

  /// The history file's text: one op map per line.
  var text: String {
    lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
  }
}
