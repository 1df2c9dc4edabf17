import StateValues
/// Every action case of a domain as a case path (`ui.animalList.onAppear`) with its parameters,
/// learned from one example value per case. Resolves the partial paths users type and prints
/// actions back as paths.
public struct ActionCatalog: Sendable {
  /// One action case: its full path and its parameters.
  public struct Case: Sendable, Equatable {
    /// The full case path, outermost case first.
    public let path: [String]
    /// `(label, type)` of each associated value of the innermost case.
    public let parameters: [(label: String, typeName: String)]

    /// The same case path with the same labels.
    public static func == (lhs: Case, rhs: Case) -> Bool {
      lhs.path == rhs.path && lhs.parameters.map(\.label) == rhs.parameters.map(\.label)
    }

    /// The path written with dots.
    public var pathText: String { path.joined(separator: ".") }

    /// `ui.animalEditor.onTapAddAnimalButton(id: String, name: String, …)`.
    public var signature: String {
      guard !parameters.isEmpty else { return pathText }
      return pathText + "(" + parameters.map { ($0.label.hasPrefix("_") ? "_" : $0.label) + ": " + $0.typeName }.joined(separator: ", ") + ")"
    }
  }

  /// The cases in the order the examples listed them.
  public let cases: [Case]
  /// Every example of each case, encoded, in the order of `cases`: what `explore` generates from.
  public let examples: [[Value]]
  /// Type name → case names of every `CaseIterable` enum the encoder met in the examples, for completion.
  public let symbolicValues: [String: [String]]
  /// The examples that could not be printed, with their type's name and why: the domain does not start.
  public let unprintableExamples: [(typeName: String, message: String)]

  /// Learns the cases from `examples`, one value per action case.
  public init<Action>(examples: [Action]) {
    var cases: [Case] = []
    var encodedExamples: [[Value]] = []
    let symbols = SymbolCollector()
    var unprintable: [(typeName: String, message: String)] = []
    for example in examples {
      let collector = SymbolCollector()
      let value: Value
      do {
        value = try ValueEncoder(collectingSymbolsIn: collector).value(of: example)
      } catch {
        unprintable.append((String(reflecting: type(of: example)), String(describing: error)))
        continue
      }
      symbols.merge(collector)
      var path: [String] = []
      var current = value
      while case .enumCase(_, let name, let arguments) = current {
        path.append(name)
        if let arguments, arguments.count == 1, arguments[0].isUnlabeled, case .enumCase(_, _, _) = arguments[0].value,
          !Self.isSymbolic(arguments[0].value, symbols)
        {
          current = arguments[0].value
          continue
        }
        let parameters = (arguments ?? []).map { (label: $0.label, typeName: $0.value.typeDescription) }
        if let known = cases.firstIndex(where: { $0.path == path }) {
          encodedExamples[known].append(value)
        } else {
          cases.append(Case(path: path, parameters: parameters))
          encodedExamples.append([value])
        }
        break
      }
    }
    self.cases = cases
    self.examples = encodedExamples
    self.symbolicValues = symbols.cases
    self.unprintableExamples = unprintable
  }

  private static func isSymbolic(_ value: Value, _ symbols: SymbolCollector) -> Bool {
    guard case .enumCase(let typeName?, _, nil) = value else { return false }
    return symbols.cases[typeName] != nil
  }

  /// The case whose path ends with `partial`; an unknown or ambiguous path is an error naming candidates.
  public func resolve(_ partial: [String], column: Int) throws(CommandError) -> Case {
    if let exact = cases.first(where: { $0.path == partial }) {
      return exact
    }
    let matches = cases.filter { $0.path.count >= partial.count && Array($0.path.suffix(partial.count)) == partial }
    if matches.count == 1 {
      return matches[0]
    }
    let typed = partial.joined(separator: ".")
    if matches.count > 1 {
      throw CommandError(
        "`\(typed)` is ambiguous: did you mean \(matches.map { "`\($0.pathText)`" }.joined(separator: " or "))?", column: column)
    }
    let suggestions = Suggestions.closest(to: typed, among: cases.map(\.pathText))
    let hint = suggestions.isEmpty ? "type `actions` for the list" : "did you mean \(suggestions.map { "`\($0)`" }.joined(separator: " or "))?"
    throw CommandError("unknown action `\(typed.truncatedForMessage)`: \(hint)", column: column)
  }

  /// The nested enum cases that `ValueDecoder` turns into the action, each at `column`.
  public func value(for actionCase: Case, arguments: [ParsedValue.Argument]?, column: Int) -> ParsedValue {
    var value = ParsedValue.member(leadingDot: true, path: [actionCase.path.last ?? ""], arguments: arguments, column: column)
    for name in actionCase.path.dropLast().reversed() {
      value = .member(leadingDot: true, path: [name], arguments: [.init(label: nil, value: value)], column: column)
    }
    return value
  }

  /// The action written as users type it: `ui.animalList.onTapDeleteSelectedAnimalButton(animalId: "Cat")`.
  public func text(for action: Value) -> String {
    guard let (path, arguments) = leafCase(of: action) else { return ValuePrinter.singleLine(action) }
    let written = arguments.flatMap { $0.isEmpty ? nil : $0.map { Value.Argument(label: $0.isUnlabeled ? nil : $0.label, value: $0.value) } }
    return ValuePrinter.singleLine(.member(leadingDot: false, path: path, arguments: written))
  }

  /// The full case path of an action (`ui.quakeList.onAppear`), or nil when it is no enum case.
  public func path(of action: Value) -> [String]? {
    leafCase(of: action)?.path
  }

  /// The action's case path, outermost case first, and the arguments of its innermost case.
  private func leafCase(of action: Value) -> (path: [String], arguments: [Field]?)? {
    var path: [String] = []
    var current = action
    while case .enumCase(_, let name, let arguments) = current {
      path.append(name)
      let isLeaf = cases.contains { $0.path == path }
      if !isLeaf, let arguments, arguments.count == 1, arguments[0].isUnlabeled {
        current = arguments[0].value
        continue
      }
      return (path, arguments)
    }
    return nil
  }

  /// Every path and path suffix users may type, for completion.
  public var completionNames: [String] {
    var names: Set<String> = []
    for actionCase in cases {
      for start in actionCase.path.indices {
        names.insert(actionCase.path[start...].joined(separator: "."))
      }
    }
    return names.sorted()
  }
}
