/// A concurrent history: the operations of its clients, read from a Jepsen history file.
public struct History: Sendable {
  /// Where it was read from, for messages (`history.edn`).
  public let source: String
  /// Its operations, each with its invocation and completion, in the order they were invoked.
  public let operations: [HistoryOperation]
  /// How many events (invocations and completions) the file held for them.
  public let eventCount: Int

  /// A history of `operations` (ids from 0 in order) read from `source`.
  public init(source: String, operations: [HistoryOperation], eventCount: Int) {
    self.source = source
    self.operations = operations
    self.eventCount = eventCount
  }

  /// The clients that ran its operations, in order.
  public var processes: [Int] {
    Array(Set(operations.map(\.process))).sorted()
  }
}

extension History {
  /// The history of only the operations `ids` names, renumbered from 0 and otherwise unchanged.
  func keeping(_ ids: some Sequence<Int>) -> History {
    let kept = ids.sorted().enumerated().map { operations[$0.element].renumbered($0.offset) }
    return History(source: source, operations: kept, eventCount: eventCount)
  }

  /// The history as it stood just before event `position`: operations invoked later are gone,
  /// and those that had not completed yet are indeterminate.
  func prefix(before position: Int) -> History {
    var kept: [HistoryOperation] = []
    for operation in operations where operation.invokedAt < position {
      if let completed = operation.completedAt, completed < position {
        kept.append(operation.renumbered(kept.count))
      } else {
        kept.append(operation.pending(withID: kept.count))
      }
    }
    return History(source: source, operations: kept, eventCount: position)
  }
}

extension History {
  /// The history with only operation `id` required, at its own time: each other operation may
  /// happen (after its invocation) or not. It passes when some of the other operations explain
  /// what `id` observed when it ran.
  func justifying(_ id: Int) -> History {
    let loose = operations.map { $0.id == id ? $0 : $0.pending(withID: $0.id) }
    return History(source: source, operations: loose, eventCount: eventCount)
  }
}
