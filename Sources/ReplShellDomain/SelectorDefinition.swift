import StateValues
/// A named selector of a domain as the shell offers it: typed parameters, the selector function
/// of the domain, and optionally the domain's filter of actions that can change its output.
public struct SelectorDefinition<State: Sendable, Action: Sendable>: Sendable {
  /// The parameter as listed by `selectors`.
  public struct ParameterInfo: Sendable {
    /// The argument label users type.
    public let label: String
    /// The type as `selectors` shows it.
    public let typeName: String
    /// What Tab offers for the value; empty when it is not a closed set.
    public let completions: [String]
    /// Whether the argument may be left out.
    public let hasDefault: Bool
  }

  /// The selector's name (`selectAnimalsValues`).
  public let name: String
  /// Its parameters in order.
  public let parameters: [ParameterInfo]
  /// The type of its output.
  public let outputTypeName: String
  public let prepare: @Sendable (SelectorCall) throws(CommandError) -> PreparedSelector<State, Action>

  /// Registers `select`, whose arguments are read by `parameters`; `filter` (the guide's
  /// `…Filter` functions) lets `watch` skip actions that cannot change the output. The output
  /// may be any `Sendable` type; `expect` compares it only when it is `Decodable & Equatable`.
  public init<each P: Sendable, Output: Sendable>(
    _ name: String,
    _ parameters: repeat Parameter<each P>,
    filter: (@Sendable (repeat each P) -> @Sendable (State, Action) -> Bool)? = nil,
    select: @escaping @Sendable (repeat each P) -> @Sendable (State) -> Output
  ) {
    self.name = name
    var infos: [ParameterInfo] = []
    for parameter in repeat each parameters {
      infos.append(ParameterInfo(label: parameter.label, typeName: parameter.typeName, completions: parameter.completions, hasDefault: parameter.defaultValue != nil))
    }
    self.parameters = infos
    let labels = infos.map { $0.label }
    self.outputTypeName = TypeInfo.displayName(of: Output.self)
    let readers = (repeat each parameters)
    self.prepare = { call throws(CommandError) in
      var arguments = call.arguments[...]
      let values = try Self.read(repeat each readers, from: &arguments, call: call)
      if let extra = arguments.first {
        throw Self.extraArgument(extra, of: call, labels: labels)
      }
      let function = select(repeat each values)
      var actionFilter: (@Sendable (State, Action) -> Bool)?
      if let filter {
        actionFilter = filter(repeat each values)
      }
      return PreparedSelector(
        evaluate: { state throws(CommandError) in SelectorOutput(value: try ValueEncoder.encodeForShell(function(state))) },
        filter: actionFilter,
        test: { predicate throws(CommandError) in try PredicateTest.make(function, predicate) })
    }
  }

  private static func read<each P>(
    _ parameters: repeat Parameter<each P>, from arguments: inout ArraySlice<ParsedValue.Argument>, call: SelectorCall
  ) throws(CommandError) -> (repeat each P) {
    (repeat try (each parameters).value(from: &arguments, call: call))
  }

  /// The error for an argument the selector does not take: what it takes instead, or that it
  /// takes none, with the nearest label when one was mistyped.
  private static func extraArgument(_ extra: ParsedValue.Argument, of call: SelectorCall, labels: [String]) -> CommandError {
    let takes = labels.map { "`\($0):`" }.joined(separator: ", ")
    guard !labels.isEmpty else {
      return CommandError("\(call.name) takes no arguments: write `\(call.name)` alone", column: extra.value.column)
    }
    guard let label = extra.label else {
      return CommandError("\(call.name) takes labelled arguments (\(takes)): write the label before the value", column: extra.value.column)
    }
    let hint = Suggestions.closest(to: label, among: labels, limit: 1).first.map { "did you mean `\($0):`? " } ?? ""
    return CommandError("\(call.name) has no argument `\(label):`: \(hint)it takes \(takes)", column: extra.value.column)
  }

  /// The signature as listed: `selectAnimal(animalId: String?) -> Animal?`.
  public var signature: String {
    let list = parameters.map { "\($0.label): \($0.typeName)\($0.hasDefault ? " = …" : "")" }
    return name + (list.isEmpty ? "" : "(" + list.joined(separator: ", ") + ")") + " -> " + outputTypeName
  }
}

/// A selector with its arguments read, ready to run on states.
public struct PreparedSelector<State, Action>: Sendable {
  public let evaluate: @Sendable (State) throws(CommandError) -> SelectorOutput
  public let filter: (@Sendable (State, Action) -> Bool)?
  /// A test of whether the output on a state satisfies a predicate, its value read once as the
  /// output's type: what `expect`, invariants and `explore` run, without printing the output.
  public let test: @Sendable (Predicate) throws(CommandError) -> @Sendable (State) -> Bool

  /// A prepared selector of these three functions.
  public init(
    evaluate: @escaping @Sendable (State) throws(CommandError) -> SelectorOutput, filter: (@Sendable (State, Action) -> Bool)?,
    test: @escaping @Sendable (Predicate) throws(CommandError) -> @Sendable (State) -> Bool
  ) {
    self.evaluate = evaluate
    self.filter = filter
    self.test = test
  }
}

/// A selector's output on one state, as a `Value` to print.
public struct SelectorOutput: Sendable {
  public let value: Value

  /// The output `value`.
  public init(value: Value) {
    self.value = value
  }
}
