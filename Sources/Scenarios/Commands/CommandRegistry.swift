/// The one list of commands: `help` lists it, completion offers it, and a parsed line runs the
/// command whose name or alias starts it.
package enum CommandRegistry {
  /// Every command, in the order `help` lists them.
  static let commands: [any ShellCommand.Type] = [
    HelpCommand.self, DomainsCommand.self, UseCommand.self, ActionsCommand.self, SelectorsCommand.self,
    DispatchCommand.self, SelectCommand.self, StateCommand.self, DiffCommand.self, HistoryCommand.self, WhyCommand.self,
    UndoCommand.self, RedoCommand.self, JumpCommand.self,
    WatchCommand.self, UnwatchCommand.self, DebugCommand.self, ExpandedCommand.self, WidthCommand.self, HideCommand.self, UnhideCommand.self,
    RedactCommand.self,
    ExpectCommand.self, InvariantCommand.self, BreakCommand.self, ExploreCommand.self, ShrinkCommand.self, SettleCommand.self, EffectsCommand.self, CompleteCommand.self,
    FailCommand.self, SaveCommand.self, SourceCommand.self, LinearizeShellCommand.self,
    InspectCommand.self, ResetCommand.self, TailCommand.self, ForkCommand.self, AttachCommand.self, QuitCommand.self,
  ]

  /// Every command's name, for suggestions and completion.
  static let names = commands.map { $0.description.name }

  /// What `help` says of every command, for front ends that describe them in their own terms
  /// (the MCP tool list).
  package static var descriptions: [CommandDescription] {
    commands.map { $0.description }
  }

  /// What each command may touch, by name, for front ends that annotate commands (MCP's tool
  /// annotations).
  package static let reaches: [String: CommandReach] = Dictionary(
    uniqueKeysWithValues: commands.map { ($0.description.name, $0.reach) })

  /// The command that `word` (a name or an alias) runs.
  static func command(named word: String) -> (any ShellCommand.Type)? {
    commands.first { $0.description.name == word || $0.description.aliases.contains(word) }
  }
}
