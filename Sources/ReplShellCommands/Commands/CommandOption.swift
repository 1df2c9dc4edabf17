/// One `--option` of a command, declared once: the command's parsing, its usage line, Tab, its
/// tool schema and the messages that name the option all read this.
public struct CommandOption: Sendable {
  /// What the option takes after its name, and so how its value is read and checked.
  public enum Kind: Sendable {
    /// Nothing: it is there or not (`--force`).
    case flag
    /// Nothing after it, but it says what the command's operand is (`--changed <path>`): read as
    /// a flag, written with its placeholder in the usage line and as a string in a tool call.
    case operandFlag
    /// A whole number of at least `minimum` (`--runs 100`).
    case number(minimum: Int)
    /// A whole number from 0 to 2⁶⁴ − 1, as a seed is (`--seed 7`).
    case unsigned
    /// A duration written with its unit: `10s`, `500ms`, `2m`.
    case duration
    /// A word the command reads itself (`--only PATTERN`); `noun` says what it is in messages.
    case text(noun: String)
    /// A file whose name ends in `ending` (`--save bug.txt`); `reason` says why, when it does not.
    case file(ending: String, reason: String)
    /// One of the names `values` lists when the line is read (`--domain kv`); `noun` says what
    /// they are in messages.
    case choice(noun: String, values: @Sendable () -> [String])
  }

  /// The option as typed: `--runs`.
  public let name: String
  /// What it takes.
  let kind: Kind
  /// What stands for its value in the usage line and in lists of options (`N`, `FILE.txt`).
  let placeholder: String
  /// A value that works, for the messages that show one (`100`).
  let example: String
  /// What it does, in a line: the description of its tool argument.
  let summary: String
  /// The name of its tool argument when a coding agent calls the command (`max_steps`); nil when
  /// a tool call cannot give it.
  let toolName: String?
  /// Whether the usage line spells it out; the others stand together as `[options]`.
  let isInUsage: Bool
  /// Whether it may be given more than once, each value kept (`--only A --only B`).
  let isRepeatable: Bool

  /// Declares an option; it is shown in the usage line, given once and not offered to tool calls
  /// unless said otherwise.
  public init(
    _ name: String, _ kind: Kind = .flag, placeholder: String = "", example: String = "", tool toolName: String? = nil,
    inUsage isInUsage: Bool = true, repeatable isRepeatable: Bool = false, _ summary: String
  ) {
    self.name = name
    self.kind = kind
    self.placeholder = placeholder
    self.example = example
    self.summary = summary
    self.toolName = toolName
    self.isInUsage = isInUsage
    self.isRepeatable = isRepeatable
  }
}

extension CommandOption {
  /// Whether a word follows the option as its value.
  var takesValue: Bool {
    switch kind {
    case .flag, .operandFlag: false
    default: true
    }
  }

  /// The option with its placeholder, as usage lines and lists write it: `--runs N`, `--force`.
  var usageForm: String {
    placeholder.isEmpty ? name : name + " " + placeholder
  }

  /// What a missing value is said to be: `a whole number`, `an action pattern`.
  var valueNoun: String {
    switch kind {
    case .flag, .operandFlag: ""
    case .number, .unsigned: "a whole number"
    case .duration: "a duration"
    case .text(let noun), .choice(let noun, _): noun
    case .file(let ending, _): "a file ending in `\(ending)`"
    }
  }

  /// The option as an argument of the command's tool, when a tool call can give it.
  var toolArgument: ToolArgument? {
    guard let toolName else { return nil }
    switch kind {
    case .flag: return .flag(toolName, name, summary)
    case .number, .unsigned: return ToolArgument(toolName, summary, isRequired: false, kind: .numberOption(name))
    case .operandFlag, .duration, .text, .file, .choice: return ToolArgument(toolName, summary, isRequired: false, kind: .textOption(name))
    }
  }
}
