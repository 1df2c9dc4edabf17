/// The commands a shell runs: `help` lists them, completion offers them, and a parsed line runs
/// the one whose name or alias starts it. A shell is given its set: the live-session core's
/// (`core`, what an app answers an attached shell with), or a shell process's full set
/// (`full`, in `Scenarios`), which adds scripts and goldens, explore and shrinking.
public struct CommandSet: Sendable {
  /// Every command, in the order `help` lists them.
  public let commands: [any ShellCommand.Type]
  /// Every command's name, for suggestions and completion.
  public let names: [String]
  /// Commands of a shell process that this set leaves out, by name: a line that names one is
  /// refused with what to type instead (`ElsewhereCommand`) rather than called unknown.
  public let elsewhere: Set<String>

  /// A set of `commands`, in listing order; the words in `elsewhere` are refused with what to type.
  public init(_ commands: [any ShellCommand.Type], elsewhere: Set<String> = []) {
    self.commands = commands
    self.names = commands.map { $0.description.name }
    self.elsewhere = elsewhere
  }

  /// What `help` says of every command, for front ends that describe them in their own terms
  /// (the MCP tool list).
  public var descriptions: [CommandDescription] {
    commands.map { $0.description }
  }

  /// What each command may touch, by name, for front ends that annotate commands (MCP's tool
  /// annotations).
  public var reaches: [String: CommandReach] {
    Dictionary(uniqueKeysWithValues: commands.map { ($0.description.name, $0.reach) })
  }

  /// This set with `added` commands, each placed after the command named `after` (or at the end),
  /// in order; they are no longer refused as commands run elsewhere.
  public func adding(_ added: [(command: any ShellCommand.Type, after: String)]) -> CommandSet {
    var commands = self.commands
    for (command, after) in added {
      let index = commands.firstIndex { $0.description.name == after }.map { $0 + 1 } ?? commands.endIndex
      commands.insert(command, at: index)
    }
    return CommandSet(commands, elsewhere: elsewhere.subtracting(added.map { $0.command.description.name }))
  }

  /// The command that `word` (a name or an alias) runs.
  public func command(named word: String) -> (any ShellCommand.Type)? {
    commands.first { $0.description.name == word || $0.description.aliases.contains(word) }
  }

  /// The live-session core: what an app that opened an attachment runs for an attached shell,
  /// in the order `help` lists them. Scripts, goldens, explore and shrinking run in a shell
  /// process (`replshell`), not in the app; a line that names one is refused with what to do.
  public static let core = CommandSet(
    [
      HelpCommand.self, DomainsCommand.self, UseCommand.self, ActionsCommand.self, SelectorsCommand.self,
      DispatchCommand.self, SelectCommand.self, StateCommand.self, DiffCommand.self, HistoryCommand.self, WhyCommand.self,
      UndoCommand.self, RedoCommand.self, JumpCommand.self,
      WatchCommand.self, UnwatchCommand.self, DebugCommand.self, ExpandedCommand.self, WidthCommand.self, HideCommand.self, UnhideCommand.self,
      RedactCommand.self,
      ExpectCommand.self, InvariantCommand.self, BreakCommand.self, SettleCommand.self, EffectsCommand.self, CompleteCommand.self,
      FailCommand.self,
      InspectCommand.self, ResetCommand.self, TailCommand.self, ForkCommand.self, AttachCommand.self, QuitCommand.self,
    ],
    elsewhere: ["explore", "shrink", "save", "source", "linearize"])
}
