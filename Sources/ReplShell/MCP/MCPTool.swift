import MCP
import ReplShellCommands
import ReplShellDomain
import ReplShellSession
import Scenarios

/// A shell command offered to MCP clients as a tool. Everything about it comes from the
/// command's own description in the engine's registry: the name, the help text, and the
/// arguments, which are strings in the command language, so a tool call becomes exactly the
/// line a person would type.
struct MCPTool: Sendable {
  let command: CommandDescription
  let arguments: [ToolArgument]

  /// The commands that make sense without a terminal, in `help`'s order.
  static let all: [MCPTool] = CommandRegistry.descriptions.compactMap { description in
    description.toolArguments.map { MCPTool(command: description, arguments: $0) }
  }

  /// The command's name, which is the tool's.
  var name: String { command.name }

  /// The tool as `tools/list` shows it: the command's own help with its examples in `names`
  /// (those of the domain the server started), and a JSON Schema of its arguments.
  func tool(names: ExampleNames) -> Tool {
    var description = "\(command.summary). Usage: \(command.usage)"
    let examples = command.examples.compactMap(names.render)
    if !examples.isEmpty {
      description += ". Examples: " + examples.map { "`\($0)`" }.joined(separator: ", ")
    }
    let properties = Dictionary(uniqueKeysWithValues: arguments.map { argument in
      (argument.name, MCP.Value.object(["type": .string(argument.kind.schemaType), "description": .string(argument.summary)]))
    })
    let schema: MCP.Value = .object([
      "type": "object",
      "properties": .object(properties),
      "required": .array(arguments.filter(\.isRequired).map { .string($0.name) }),
      "additionalProperties": false,
    ])
    return Tool(name: name, description: description, inputSchema: schema, annotations: annotations, outputSchema: Self.outputSchema)
  }

  /// What every tool's structured result holds: whether the line succeeded, the lines it
  /// printed, and the value it printed (`state`, `select`) as JSON.
  static let outputSchema: MCP.Value = .object([
    "type": "object",
    "properties": .object([
      "ok": .object(["type": "boolean", "description": "false when the line failed: an error or an expectation that did not hold"]),
      "lines": .object(["type": "array", "items": .object(["type": "string"]), "description": "what the line printed, as the transcript shows it"]),
      "value": .object(["description": "the value the line printed, as JSON (as Codable writes it); absent when it printed none"]),
      "dispatched": .object([
        "type": "array",
        "description": "the actions the line dispatched, listeners' included: each with its history entry (`id`, as `history` numbers it and `jump` takes it), `action`, `origin` and `cause` (`{\"line\": 3}` typed, `{\"location\": \"x.txt:7\"}` a script's line, `{\"entry\": 4}` a listener's side effect of entry 4, null when not known); absent when it dispatched none",
        "items": .object(["type": "object"]),
      ]),
    ]),
    "required": .array(["ok", "lines"]),
  ])

  /// What the command may touch (`CommandReach`), as MCP's tool annotations say it. Every tool
  /// sets all four hints: a hint left out means its most cautious default, which would be wrong.
  var annotations: Tool.Annotations {
    let reach = CommandRegistry.reaches[name] ?? .outsideWorld
    return Tool.Annotations(
      readOnlyHint: reach.isReadOnly, destructiveHint: reach.isDestructive,
      idempotentHint: reach.isIdempotent, openWorldHint: reach.isOpenWorld)
  }

  /// The command line for a call's arguments; a missing, unknown or mistyped argument is an
  /// invalid-params error that says what to send instead.
  func line(for given: [String: MCP.Value]?) throws(MCPError) -> String {
    let given = given ?? [:]
    for key in given.keys.sorted() where !arguments.contains(where: { $0.name == key }) {
      let known = arguments.map { "`\($0.name)`" }.joined(separator: ", ")
      throw MCPError.invalidParams("`\(name)` has no argument `\(key)`; \(known.isEmpty ? "it takes none" : "it takes " + known)")
    }
    var options: [String] = []
    var texts: [String] = []
    for argument in arguments {
      guard let value = given[argument.name], !value.isNull else {
        if argument.isRequired { throw MCPError.invalidParams("`\(name)` needs the argument `\(argument.name)`: \(argument.summary)") }
        continue
      }
      switch argument.kind {
      case .flag(let flag):
        guard let isOn = value.boolValue else {
          throw MCPError.invalidParams("`\(argument.name)` must be true or false: \(argument.summary)")
        }
        if isOn { options.append(flag) }
      case .number:
        texts.append(String(try Self.number(value, argument)))
      case .numberOption(let flag):
        options += [flag, String(try Self.number(value, argument))]
      case .text, .textOption, .phrase:
        guard let text = value.stringValue else {
          throw MCPError.invalidParams("`\(argument.name)` must be a string in the command language: \(argument.summary)")
        }
        guard !text.contains(where: \.isNewline) else {
          throw MCPError.invalidParams("`\(argument.name)` must be one line")
        }
        if case .textOption(let flag) = argument.kind {
          guard let word = ShellWords.quoted(text) else {
            throw MCPError.invalidParams("`\(argument.name)` cannot hold both `\"` and `'`")
          }
          options += [flag, word]
        } else if case .phrase(let word) = argument.kind {
          options += [word, text]
        } else {
          texts.append(text)
        }
      }
    }
    return ([name] + options + texts).joined(separator: " ")
  }

  /// A whole number argument; anything else is an invalid-params error.
  private static func number(_ value: MCP.Value, _ argument: ToolArgument) throws(MCPError) -> Int {
    if let number = value.intValue { return number }
    if let number = value.doubleValue, number == number.rounded(), abs(number) < 1e15 { return Int(number) }
    throw MCPError.invalidParams("`\(argument.name)` must be a whole number: \(argument.summary)")
  }
}

extension ToolArgument.Kind {
  /// The JSON Schema type of the argument's value.
  var schemaType: String {
    switch self {
    case .text, .textOption, .phrase: "string"
    case .number, .numberOption: "integer"
    case .flag: "boolean"
    }
  }
}
