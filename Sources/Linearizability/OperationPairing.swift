/// Pairs a history's invocations with their completions as its lines are read: a completion
/// closes its process's open invocation, and what is still open at the end is indeterminate.
struct OperationPairing {
  let source: String
  let maximumOperations: Int
  private var operations: [HistoryOperation] = []
  private var open: [Int: (invocation: EDNValue, function: String, line: Int, position: Int)] = [:]
  private var position = 0
  private var invocations = 0

  init(source: String, maximumOperations: Int) {
    self.source = source
    self.maximumOperations = maximumOperations
  }

  /// Takes the op of the next line (nil for a comment or a blank).
  mutating func add(_ op: HistoryLine.Op?) throws(HistoryError) {
    guard let op, let process = try op.clientProcess() else { return }
    let typeName = try op.typeName()
    let function = try op.function()
    try op.checkIndexAndTime()
    let lineNumber = op.line.number
    if typeName == "invoke" {
      if let earlier = open[process] {
        throw op.line.error(
          "process \(process) invokes :\(function) while its :\(earlier.function) from line \(earlier.line) has not completed; a process runs one op at a time (Jepsen gives a crashed process's successor a new number)")
      }
      invocations += 1
      guard invocations <= maximumOperations else {
        throw HistoryError(source: source, line: lineNumber, shortfall: .operations(limit: maximumOperations))
      }
      open[process] = (op.fields, function, lineNumber, position)
      position += 1
      return
    }
    guard let outcome = HistoryOperation.Outcome(rawValue: typeName) else {
      throw op.line.error("unknown :type :\(typeName); an op is :invoke, :ok, :fail or :info", column: op.line.column(of: "type", isJSON: op.isJSON))
    }
    guard let invoked = open.removeValue(forKey: process) else {
      throw op.line.error("process \(process) completes :\(function) (:\(typeName)) but has no open invocation; its :invoke line must come first")
    }
    guard invoked.function == function else {
      throw op.line.error("process \(process) completes :\(function) but invoked :\(invoked.function) at line \(invoked.line); a completion repeats its invocation's :f")
    }
    operations.append(
      HistoryOperation(
        id: 0, process: process, function: function, invocation: invoked.invocation, completion: op.fields, outcome: outcome,
        invokedAt: invoked.position, completedAt: position, invocationLine: invoked.line, completionLine: lineNumber))
    position += 1
  }

  /// The history read: its operations in the order they were invoked, numbered from 0.
  func history() -> History {
    var all = operations
    for (process, invoked) in open {
      all.append(
        HistoryOperation(
          id: 0, process: process, function: invoked.function, invocation: invoked.invocation, completion: nil, outcome: .info,
          invokedAt: invoked.position, completedAt: nil, invocationLine: invoked.line, completionLine: nil))
    }
    all.sort { $0.invokedAt < $1.invokedAt }
    return History(source: source, operations: all.enumerated().map { $0.element.renumbered($0.offset) }, eventCount: position)
  }
}
