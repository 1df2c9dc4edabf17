extension DomainSession {
  /// The selector `call` names, its overload chosen by the labels typed, with its arguments read.
  package func prepare(_ call: SelectorCall) throws(CommandError) -> PreparedSelector<State, Action> {
    let named = selectors.filter { $0.name == call.name }
    let labels = call.arguments.map(\.label)
    let chosen = named.first { $0.parameters.map(\.label) == labels.compactMap { $0 } } ?? named.first
    guard let definition = chosen else {
      let suggestions = Suggestions.closest(to: call.name, among: selectors.map(\.name))
      let hint = suggestions.isEmpty ? "type `selectors` for the list" : "did you mean \(suggestions.map { "`\($0)`" }.joined(separator: " or "))?"
      throw CommandError("unknown selector `\(call.name.truncatedForMessage)`: \(hint)", column: call.column)
    }
    return try definition.prepare(call)
  }

  /// The selector's output on the current state.
  private func evaluate(_ selector: PreparedSelector<State, Action>) throws(CommandError) -> SelectorOutput {
    try selector.evaluate(store.select { $0 })
  }

  package func select(_ call: SelectorCall) throws(CommandError) -> Value {
    try evaluate(prepare(call)).value
  }

  package func expect(_ predicate: Predicate) throws(CommandError) -> [OutputLine] {
    let prepared = try prepare(predicate.call)
    let holds = try prepared.test(predicate)
    let state = store.select { $0 }
    guard holds(state) else {
      let lines = ["expectation failed: \(predicate.text)"] + predicate.actualLines(output: try prepared.evaluate(state).value)
      throw CommandError(lines.joined(separator: "\n"), column: predicate.call.column)
    }
    return [.note("ok")]
  }

  package func changeWatches(_ change: WatchChange) throws(CommandError) -> [OutputLine] {
    switch change {
    case .add(let call):
      let prepared = try prepare(call)
      return watches.add(call, selector: prepared, value: try evaluate(prepared).value)
    case .remove(let name):
      return try watches.remove(name)
    case .refresh:
      watches.update(state: store.select { $0 }, action: nil, events: events)
      return []
    }
  }
}
