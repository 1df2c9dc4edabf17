/// Actions decoded from recently dispatched texts: scripts repeat lines, and decoding is pure.
struct ActionCache<Action: Decodable> {
  private var actions: [String: Action] = [:]
  private static var limit: Int { 1_024 }

  /// The action `expression` decodes to, from the cache when its text was decoded before.
  mutating func action(for expression: Expression, catalog: ActionCatalog) throws(CommandError) -> Action {
    let text = expression.sourceText
    if let known = actions[text] {
      return known
    }
    let action: Action = try ActionCache.decode(expression, catalog: catalog)
    if actions.count >= Self.limit { actions.removeAll(keepingCapacity: true) }
    actions[text] = action
    return action
  }

  /// Decodes an action case path with its arguments, as `dispatch` reads it.
  static func decode(_ expression: Expression, catalog: ActionCatalog) throws(CommandError) -> Action {
    guard case .member(_, let path, let arguments) = expression.kind else {
      throw CommandError("expected an action case, found \(expression.summary)", column: expression.column)
    }
    let actionCase = try catalog.resolve(path, column: expression.column)
    switch ((arguments ?? []).isEmpty, actionCase.parameters.isEmpty) {
    case (true, false):
      throw CommandError("`\(actionCase.pathText)` needs arguments: \(actionCase.signature)", column: expression.column)
    case (false, true):
      throw CommandError("`\(actionCase.pathText)` takes no arguments", column: expression.column)
    default:
      break
    }
    let nested = catalog.expression(for: actionCase, arguments: arguments?.isEmpty == true ? nil : arguments, column: expression.column)
    return try ValueDecoder.decode(Action.self, from: nested)
  }
}

extension DomainSession {
  /// Reads an action typed as text, as `dispatch` does.
  nonisolated static func parseAction(_ text: String, catalog: ActionCatalog) throws(CommandError) -> Action {
    var parser = try ExpressionParser(text, startColumn: 1)
    let expression = try parser.parseActionPath()
    try parser.expectEnd()
    return try decodeAction(expression, catalog: catalog)
  }

  /// Decodes an action case path with its arguments, as `dispatch` reads it.
  nonisolated static func decodeAction(_ expression: Expression, catalog: ActionCatalog) throws(CommandError) -> Action {
    try ActionCache<Action>.decode(expression, catalog: catalog)
  }
}
