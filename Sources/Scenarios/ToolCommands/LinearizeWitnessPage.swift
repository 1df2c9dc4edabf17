import Linearizability
import StateValues

/// The page `linearize --html` draws, made from a `linearize` report as data (the value of its
/// report event): one for each history that is not linearizable, drawn from what the report
/// carries — the failed part's operations (or the witness alone past 400), the witness marked,
/// the one that cannot be placed, and the lines `linearize` printed. A scenario test attaches
/// it when a script's `linearize` line fails.
public struct LinearizeWitnessPage: Sendable, Equatable {
  /// The history's file as the line typed it.
  public let file: String
  /// The page's HTML, self-contained.
  public let html: String

  /// The pages of the histories in `report` that are not linearizable; none for anything else
  /// (a report of another tool, a history that passed, a value of another shape).
  public static func pages(inReport report: JSONForm) -> [LinearizeWitnessPage] {
    guard case .array(let histories)? = report.member("histories") else { return [] }
    return histories.compactMap(page)
  }

  private static func page(_ history: JSONForm) -> LinearizeWitnessPage? {
    guard case .string(let file)? = history.member("file"), case .string(let verdict)? = history.member("verdict"),
      verdict == "not linearizable", let witness = history.member("witness"), case .array(let drawn)? = witness.member("drawn")
    else { return nil }
    let bars = drawn.compactMap(bar)
    let clients: [Int] =
      if case .array(let numbers)? = witness.member("clients") {
        numbers.compactMap { if case .int(let client) = $0 { client } else { nil } }
      } else {
        Array(Set(bars.map(\.client))).sorted()
      }
    let from = witness.integer("from") ?? bars.map(\.start).min() ?? 0
    let to = max(from + 1, witness.integer("to") ?? from + 1)
    var lines: [String] = []
    if case .array(let printed)? = history.member("lines") {
      lines = printed.compactMap { if case .string(let line) = $0 { line } else { nil } }
    }
    var partition: String?
    if case .string(let name)? = witness.member("partition") { partition = name }
    let count = witness.integer("witnessOperations") ?? bars.filter(\.isWitness).count
    let html = HistoryPage.html(
      source: file, verdict: verdict, clients: clients, span: from..<to, bars: bars, partition: partition,
      witness: (operations: count, lines: lines))
    return LinearizeWitnessPage(file: file, html: html)
  }

  private static func bar(_ operation: JSONForm) -> HistoryPage.Bar? {
    guard let client = operation.integer("client"), let start = operation.integer("start"),
      case .string(let outcome)? = operation.member("outcome"), case .string(let text)? = operation.member("text")
    else { return nil }
    let end = operation.integer("end")
    let line = operation.integer("line").map { "line \($0): " } ?? ""
    return HistoryPage.Bar(
      client: client, start: start, end: end, outcome: outcome, text: text,
      title: "\(line)\(text) → \(end == nil ? "never completed" : outcome)",
      isWitness: operation.member("witness") == .bool(true), isBlocked: operation.member("blocked") == .bool(true))
  }
}

extension JSONForm {
  /// The value of the object's member `key`, or nil for a missing key or a value that is no object.
  fileprivate func member(_ key: String) -> JSONForm? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The object's member `key` when it is an integer.
  fileprivate func integer(_ key: String) -> Int? {
    if case .int(let number)? = member(key) { number } else { nil }
  }
}
