import Linearizability

extension AnimalsServerModel {
  /// The part of `history` about the animal `id`, to check with `AnimalsServerModel(only: id)`:
  /// fetches and reloads keep only what they saw of it, and only the adds, updates, deletes and reloads that
  /// could touch it stay (an add whose answer was lost may have made it).
  ///
  /// Sound for finding failures: a linearizable history's projection is linearizable (each fetch
  /// reads the animal at the point the whole fetch took effect), so a projection that fails shows
  /// a real failure, and its witness involves that one animal. It is weaker than the whole: a
  /// fetch that saw one animal's new value and another's old one passes every projection.
  public static func projection(of history: History, on id: String) -> History {
    var kept: [HistoryOperation] = []
    for operation in history.operations {
      guard let function = Function(rawValue: operation.function) else { continue }
      var completion = operation.completion
      switch function {
      case .fetchCategories: continue
      case .fetchAnimals:
        guard operation.outcome == .ok, let seen = operation.value.elements else { continue }
        completion = operation.completion.map { replacingValue(of: $0, with: .vector(seen.filter { $0["id"]?.name == id })) }
      case .add:
        guard operation.outcome == .info || (operation.outcome == .ok && operation.value["id"]?.name == id) else { continue }
      case .update:
        guard operation.requestedValue["id"]?.name == id else { continue }
      case .delete:
        guard operation.requestedValue.name == id else { continue }
      case .reload:
        if operation.outcome == .ok, case .map(let pairs) = operation.value {
          let answer = EDNValue.map(pairs.map { $0.key == .keyword("animals") ? (key: $0.key, value: .vector(($0.value.elements ?? []).filter { $0["id"]?.name == id })) : $0 })
          completion = operation.completion.map { replacingValue(of: $0, with: answer) }
        }
      }
      kept.append(
        HistoryOperation(
          id: kept.count, process: operation.process, function: operation.function, invocation: operation.invocation,
          completion: completion, outcome: operation.outcome, invokedAt: operation.invokedAt, completedAt: operation.completedAt,
          invocationLine: operation.invocationLine, completionLine: operation.completionLine))
    }
    return History(source: history.source, operations: kept, eventCount: history.eventCount)
  }

  /// The ids of the animals `history` touches, in the order it first names them.
  public static func animalIDs(in history: History) -> [String] {
    var seen: Set<String> = []
    var ids: [String] = []
    func note(_ value: EDNValue?) {
      if let id = value?["id"]?.name ?? value.flatMap({ $0.name }), seen.insert(id).inserted { ids.append(id) }
    }
    for operation in history.operations {
      switch Function(rawValue: operation.function) {
      case .fetchAnimals?: operation.value.elements?.forEach { note($0) }
      case .update?, .delete?: note(operation.requestedValue)
      case .add?: if operation.outcome == .ok { note(operation.value) }
      default: continue
      }
    }
    return ids
  }

  private static func replacingValue(of map: EDNValue, with value: EDNValue) -> EDNValue {
    guard case .map(let pairs) = map else { return map }
    return .map(pairs.map { $0.key == .keyword("value") ? (key: $0.key, value: value) : $0 })
  }
}
