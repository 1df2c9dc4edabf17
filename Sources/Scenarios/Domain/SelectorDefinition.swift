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
  let prepare: @Sendable (SelectorCall) throws(CommandError) -> PreparedSelector<State, Action>

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
        let label = extra.label.map { "`\($0):`" } ?? "an unlabeled argument"
        let takes = labels.isEmpty ? "it takes none" : "it takes " + labels.map { "`\($0):`" }.joined(separator: ", ")
        throw CommandError("\(call.name) has no argument \(label) here (\(takes))", column: extra.value.column)
      }
      let function = select(repeat each values)
      var actionFilter: (@Sendable (State, Action) -> Bool)?
      if let filter {
        actionFilter = filter(repeat each values)
      }
      return PreparedSelector(
        evaluate: { state throws(CommandError) in
          let output = function(state)
          return SelectorOutput(value: try ValueEncoder.encodeForShell(output)) { expected throws(CommandError) in
            try SelectorOutput.does(output, equal: expected)
          }
        },
        filter: actionFilter,
        equality: { expected throws(CommandError) in try SelectorOutput.equality(of: function, to: expected) })
    }
  }

  private static func read<each P>(
    _ parameters: repeat Parameter<each P>, from arguments: inout ArraySlice<ParsedValue.Argument>, call: SelectorCall
  ) throws(CommandError) -> (repeat each P) {
    (repeat try (each parameters).value(from: &arguments, call: call))
  }

  /// The signature as listed: `selectAnimal(animalId: String?) -> Animal?`.
  public var signature: String {
    let list = parameters.map { "\($0.label): \($0.typeName)\($0.hasDefault ? " = …" : "")" }
    return name + (list.isEmpty ? "" : "(" + list.joined(separator: ", ") + ")") + " -> " + outputTypeName
  }
}

/// A selector with its arguments read, ready to run on states.
struct PreparedSelector<State, Action>: Sendable {
  let evaluate: @Sendable (State) throws(CommandError) -> SelectorOutput
  let filter: (@Sendable (State, Action) -> Bool)?
  /// A test of whether the output on a state equals `expected`, read once as the output's type:
  /// what invariants and `explore` run after every action, without printing the output.
  let equality: @Sendable (ParsedValue) throws(CommandError) -> @Sendable (State) -> Bool
}

/// A selector's output, printable, and comparable with an expected value the user typed.
struct SelectorOutput: Sendable {
  let value: Value
  let matches: @Sendable (ParsedValue) throws(CommandError) -> Bool
}

extension SelectorOutput {
  /// Whether `output` equals the value the user typed, read as an `Output`; an output type that
  /// cannot be read or compared is an error that names it.
  static func does<Output>(_ output: Output, equal expected: ParsedValue) throws(CommandError) -> Bool {
    guard let comparable = Output.self as? any (Decodable & Equatable).Type else {
      let name = TypeInfo.displayName(of: Output.self)
      throw CommandError("expect cannot compare `\(name)`: it must be Decodable and Equatable; print it with `select`", column: expected.column)
    }
    return try does(output, equal: expected, as: comparable)
  }

  /// A test of whether `function`'s output on a state equals `expected`, read once as an `Output`.
  static func equality<State, Output>(
    of function: @escaping @Sendable (State) -> Output, to expected: ParsedValue
  ) throws(CommandError) -> @Sendable (State) -> Bool {
    guard let comparable = Output.self as? any (Decodable & Equatable & Sendable).Type else {
      let name = TypeInfo.displayName(of: Output.self)
      throw CommandError("cannot compare `\(name)`: it must be Decodable and Equatable", column: expected.column)
    }
    return try equality(of: function, to: expected, as: comparable)
  }

  private static func equality<State, Output, Comparable: Decodable & Equatable & Sendable>(
    of function: @escaping @Sendable (State) -> Output, to expected: ParsedValue, as type: Comparable.Type
  ) throws(CommandError) -> @Sendable (State) -> Bool {
    let value = try ValueDecoder.decode(Comparable.self, from: expected)
    // Output is Comparable here: the cast of the function is made once, not per state.
    if let typed = function as? @Sendable (State) -> Comparable {
      return { state in typed(state) == value }
    }
    return { state in (function(state) as? Comparable) == value }
  }

  private static func does<Comparable: Decodable & Equatable>(
    _ output: Any, equal expected: ParsedValue, as type: Comparable.Type
  ) throws(CommandError) -> Bool {
    try ValueDecoder.decode(Comparable.self, from: expected) == output as? Comparable
  }
}
