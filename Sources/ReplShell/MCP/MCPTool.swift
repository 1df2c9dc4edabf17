import MCP
import Scenarios

/// A shell command offered to MCP clients as a tool. Its arguments are strings in the command
/// language, so a tool call becomes exactly the line a person would type.
struct MCPTool: Sendable {
  /// One argument of the tool: a string that is appended to the command line.
  struct Argument: Sendable {
    let name: String
    let summary: String
    let isRequired: Bool
  }

  let command: String
  let arguments: [Argument]

  private init(_ command: String, _ arguments: [Argument] = []) {
    self.command = command
    self.arguments = arguments
  }

  /// The commands that make sense without a terminal, in `help`'s order.
  static let all: [MCPTool] = [
    MCPTool("domains"),
    MCPTool("use", [
      Argument(name: "domain", summary: "the domain to start, e.g. `counter`", isRequired: true),
      Argument(name: "options", summary: "options of `use`, e.g. `--store PATH` (see the `domains` tool)", isRequired: false),
    ]),
    MCPTool("actions", [Argument(name: "filter", summary: "only the action cases whose signature contains this text", isRequired: false)]),
    MCPTool("selectors"),
    MCPTool("dispatch", [
      Argument(
        name: "action", summary: "the action as Swift writes it, e.g. `didTapIncrementButton` or `animalList.onTapDeleteSelectedAnimalButton(animalId: \"Cat\")`",
        isRequired: true)
    ]),
    MCPTool("select", [
      Argument(name: "selector", summary: "a selector and its arguments, e.g. `selectAnimalsValues(categoryId: \"Mammal\")`", isRequired: true)
    ]),
    MCPTool("state", [Argument(name: "path", summary: "a dotted path into the state, e.g. `animals.data`; omit it for the whole state", isRequired: false)]),
    MCPTool("diff"),
    MCPTool("history"),
    MCPTool("expect", [
      Argument(name: "assertion", summary: "`<selector> == <value>`, or `error <action>` for an action the reducer must reject", isRequired: true)
    ]),
    MCPTool("settle"),
    MCPTool("reset"),
  ]

  /// The tool as `tools/list` shows it: the command's own help, and a JSON Schema of its arguments.
  var tool: Tool {
    let help = CommandHelp.all.first { $0.name == command }
    var description = help.map { "\($0.summary). Usage: \($0.usage)" } ?? command
    if let examples = help?.examples, !examples.isEmpty {
      description += ". Examples: " + examples.map { "`\($0)`" }.joined(separator: ", ")
    }
    let properties = Dictionary(uniqueKeysWithValues: arguments.map { argument in
      (argument.name, MCP.Value.object(["type": "string", "description": .string(argument.summary)]))
    })
    let schema: MCP.Value = .object([
      "type": "object",
      "properties": .object(properties),
      "required": .array(arguments.filter(\.isRequired).map { .string($0.name) }),
      "additionalProperties": false,
    ])
    return Tool(name: command, description: description, inputSchema: schema)
  }

  /// The command line for a call's arguments; a missing, unknown or mistyped argument is an
  /// invalid-params error that says what to send instead.
  func line(for given: [String: MCP.Value]?) throws(MCPError) -> String {
    let given = given ?? [:]
    for name in given.keys.sorted() where !arguments.contains(where: { $0.name == name }) {
      let known = arguments.map { "`\($0.name)`" }.joined(separator: ", ")
      throw MCPError.invalidParams("`\(command)` has no argument `\(name)`; \(known.isEmpty ? "it takes none" : "it takes " + known)")
    }
    var words = [command]
    for argument in arguments {
      guard let value = given[argument.name], !value.isNull else {
        if argument.isRequired { throw MCPError.invalidParams("`\(command)` needs the argument `\(argument.name)`: \(argument.summary)") }
        continue
      }
      guard let text = value.stringValue else {
        throw MCPError.invalidParams("`\(argument.name)` must be a string in the command language, e.g. \(argument.summary)")
      }
      guard !text.contains(where: \.isNewline) else {
        throw MCPError.invalidParams("`\(argument.name)` must be one line")
      }
      words.append(text)
    }
    return words.joined(separator: " ")
  }
}
