import ReplShellSession
import StateValues
/// One command of the shell language, as one type: what it is called and how it is explained,
/// how it reads its arguments, how it completes them and how it runs.
///
/// Adding a command means adding one type that adopts this protocol, in a file of its own in this
/// folder, and naming it in `CommandRegistry.commands`; `help`, completion and dispatch follow.
/// A command that takes `--options` declares them once, as its `static let options`
/// (`CommandOptions`), and reads them, spells its usage line and tool arguments and completes
/// them from that declaration.
public protocol ShellCommand: Sendable {
  /// The command's name, usage, summary and examples.
  static var description: CommandDescription { get }

  /// The `--options` the command takes, declared once: its usage line, tool arguments, parsing
  /// and Tab read them.
  static var options: CommandOptions { get }

  /// What `save` does with the command when it succeeded.
  static var recordingRole: RecordingRole { get }

  /// The most the command may touch when it runs. Every command declares it: there is no default.
  static var reach: CommandReach { get }

  /// Reads the arguments typed after the command word.
  static func parse(_ arguments: CommandArguments) throws(CommandError) -> Self

  /// The candidates for the word being typed in the command's arguments.
  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion

  /// Runs the command and returns what it printed.
  @MainActor func run(in context: CommandContext) async throws(CommandError) -> CommandOutput
}

extension ShellCommand {
  /// Commands are settings a saved script keeps unless they say otherwise.
  public static var recordingRole: RecordingRole { .setting }

  /// Commands take no `--options` unless they say otherwise.
  public static var options: CommandOptions { CommandOptions([]) }

  /// Commands offer nothing to complete unless they say otherwise.
  public static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    request.offer([])
  }
}

/// What `help` says about a command: its name, other words for it, usage, summary and examples.
public struct CommandDescription: Sendable {
  /// The word that runs the command.
  public let name: String
  /// Other words that run it (`?` for `help`).
  let aliases: [String]
  /// The usage line: `use <domain> [--option value …]`.
  public let usage: String
  /// Where `help` lists the command.
  public let group: CommandGroup
  /// What the command does, in a few words: its line in `help`'s list, within 80 columns.
  public let synopsis: String
  /// What the command does in full: the paragraph `help <command>` prints.
  public let summary: String
  /// Lines a user can type, shown by `help <command>`.
  public let examples: [String]
  /// The command's arguments when a coding agent calls it as a tool (`--mcp`), each a string in
  /// the command language appended to the line in this order; nil for commands that make no
  /// sense without a terminal.
  public let toolArguments: [ToolArgument]?

  /// Describes a command.
  public init(
    name: String, aliases: [String] = [], usage: String, group: CommandGroup, synopsis: String, summary: String, examples: [String],
    toolArguments: [ToolArgument]? = nil
  ) {
    self.name = name
    self.aliases = aliases
    self.usage = usage
    self.group = group
    self.synopsis = synopsis
    self.summary = summary
    self.examples = examples
    self.toolArguments = toolArguments
  }
}

/// One argument of a command called as a tool: a named string that becomes a word of the line.
public struct ToolArgument: Sendable {
  /// How an argument's value is typed in a tool call and written into the command line.
  public enum Kind: Sendable, Equatable {
    /// A string in the command language, written as it is.
    case text
    /// A whole number, written as it is.
    case number
    /// A boolean: `true` writes the flag (`--json`), `false` leaves it out.
    case flag(String)
    /// A whole number written after its flag: `--runs 100`.
    case numberOption(String)
    /// A string written after its flag: `--save found.txt`.
    case textOption(String)
    /// A string in the command language written as it is after its word: `when selectValue == 3`.
    case phrase(String)
  }

  /// The argument's name in the tool's schema (`action`).
  public let name: String
  /// What to pass, with an example.
  public let summary: String
  /// Whether a call must give it.
  public let isRequired: Bool
  /// How it is typed and written.
  public let kind: Kind

  /// Describes an argument; arguments are required unless said otherwise.
  public init(_ name: String, _ summary: String, isRequired: Bool = true, kind: Kind = .text) {
    self.name = name
    self.summary = summary
    self.isRequired = isRequired
    self.kind = kind
  }

  /// A boolean argument that writes `flag` when true.
  static func flag(_ name: String, _ flag: String, _ summary: String) -> ToolArgument {
    ToolArgument(name, summary, isRequired: false, kind: .flag(flag))
  }
}

/// What a command printed, and whether it asks the shell to end.
public struct CommandOutput: Sendable {
  /// The lines to print.
  public var lines: [OutputLine]
  /// True for `quit`.
  public var quits = false
  /// The value the lines print, for the front ends that carry it as data (MCP's structured
  /// results); nil when the output is not one value.
  public var value: Value?
  /// True when the terminal's width shaped the lines (a table cut or printed as records to fit
  /// it, `width` naming it): a script's run of the line prints them otherwise, so `save` does not
  /// compare them.
  public var dependsOnTerminal = false

  /// Output of `lines` that keeps the shell running.
  public init(_ lines: [OutputLine]) {
    self.lines = lines
  }

  /// Output of one value: printed as the shell writes values, or as JSON on one line.
  init(value: Value, asJSON: Bool) {
    self.lines = asJSON ? [.plain(JSONForm(value).text)] : ValuePrinter.pretty(value).map(OutputLine.plain)
    self.value = value
  }
}

/// A command that takes no arguments: anything typed after its word is an error that says what to remove.
protocol CommandWithoutArguments: ShellCommand {
  /// The command, which has nothing to read.
  init()
}

extension CommandWithoutArguments {
  static func parse(_ arguments: CommandArguments) throws(CommandError) -> Self {
    try arguments.expectNothing()
    return Self()
  }
}

/// A command whose argument is one selector call, completed as selectors are.
protocol SelectorCallCommand: ShellCommand {
  /// The command for `call`.
  init(call: SelectorCall)
}

extension SelectorCallCommand {
  static func parse(_ arguments: CommandArguments) throws(CommandError) -> Self {
    Self(call: try arguments.selectorCall())
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    request.selector(in: context.runningSession)
  }
}
