import ReplShellDomain
import StateValues
/// Actions decoded from recently dispatched texts, each with its text as the shell writes it:
/// scripts repeat lines, and decoding and printing are pure. A class, which its session alone
/// holds: code generic over the action reaches a class's members through the instance, and a
/// struct's through type metadata it looks up on every call.
public final class ActionCache<Action: Decodable> {
  /// The place of each cached text's action in `actions` and `texts`. The dictionary holds no
  /// type of the action's: in code generic over the action, a dictionary of its type (or of a
  /// struct or tuple holding it) looks its type metadata up in a global table on every access,
  /// while an array's subscript is inlined.
  private var places: [String: Int] = [:]
  private var actions: ContiguousArray<Action> = []
  private var texts: [String] = []
  private static var limit: Int { 1_024 }

  /// The action `typed` decodes to and its full text, from the cache when `key` (`typed` written
  /// back as typed) was decoded before.
  public func action(for typed: ParsedValue, key typedText: String, catalog: ActionCatalog) throws(CommandError) -> (action: Action, text: String) {
    if let place = places[typedText] {
      return (actions[place], texts[place])
    }
    let action: Action = try ActionCache.decode(typed, catalog: catalog)
    let text = catalog.text(for: try ValueEncoder.encodeForShell(action))
    if places.count >= Self.limit {
      places.removeAll(keepingCapacity: true)
      actions.removeAll(keepingCapacity: true)
      texts.removeAll(keepingCapacity: true)
    }
    places[typedText] = actions.count
    actions.append(action)
    texts.append(text)
    return (action, text)
  }

  /// Decodes an action case path with its arguments, as `dispatch` reads it.
  static func decode(_ typed: ParsedValue, catalog: ActionCatalog) throws(CommandError) -> Action {
    guard case .member(_, let path, _) = typed.value else {
      throw CommandError("expected an action case, found \(typed.summary)", column: typed.column)
    }
    let arguments = typed.arguments
    let actionCase = try catalog.resolve(path, column: typed.column)
    switch ((arguments ?? []).isEmpty, actionCase.parameters.isEmpty) {
    case (true, false):
      throw CommandError("`\(actionCase.pathText)` needs arguments: \(actionCase.signature)", column: typed.column)
    case (false, true):
      throw CommandError("`\(actionCase.pathText)` takes no arguments", column: typed.column)
    default:
      break
    }
    if let arguments, !arguments.isEmpty {
      try checkLabels(arguments, of: actionCase, column: typed.column)
    }
    let nested = catalog.value(for: actionCase, arguments: arguments?.isEmpty == true ? nil : arguments, column: typed.column)
    do throws(CommandError) {
      return try ValueDecoder.decode(Action.self, from: nested)
    } catch where error.message.hasPrefix("missing ") {
      // The decoder stops at the first label it misses: name every one, with the case.
      let typedLabels = Set((arguments ?? []).compactMap(\.label))
      let missing = actionCase.parameters.filter { !$0.label.hasPrefix("_") && !typedLabels.contains($0.label) && $0.typeName != "nil" }
      guard !missing.isEmpty else { throw error }
      let list = missing.map { "`\($0.label):`" }
      let named = list.count == 1 ? list[0] : list.dropLast().joined(separator: ", ") + " and " + list[list.count - 1]
      throw CommandError("`\(actionCase.pathText)` is missing \(named): it takes \(actionCase.signature)", column: typed.column)
    }
  }

  /// Refuses a label the case does not have, naming the nearest it has.
  private static func checkLabels(_ arguments: [ParsedValue.Argument], of actionCase: ActionCatalog.Case, column: Int) throws(CommandError) {
    let labels = actionCase.parameters.map(\.label)
    for argument in arguments {
      guard let label = argument.label, !labels.contains(label) else { continue }
      let nearest = Suggestions.closest(to: label, among: labels.filter { !$0.hasPrefix("_") }, limit: 1).first.map { "did you mean `\($0):`? " } ?? ""
      throw CommandError(
        "`\(actionCase.pathText)` has no argument `\(label):`; \(nearest)it takes \(actionCase.signature)", column: argument.value.column)
    }
  }
}

extension ActionCache {
  /// Reads an action typed as text, as `dispatch` does.
  public nonisolated static func parseAction(_ text: String, catalog: ActionCatalog) throws(CommandError) -> Action {
    var parser = try ValueParser(text, startColumn: 1)
    let action = try parser.parseActionPath()
    try parser.expectEnd()
    return try decodeAction(action, catalog: catalog)
  }

  /// Decodes an action case path with its arguments, as `dispatch` reads it.
  nonisolated static func decodeAction(_ typed: ParsedValue, catalog: ActionCatalog) throws(CommandError) -> Action {
    try ActionCache<Action>.decode(typed, catalog: catalog)
  }
}
