import ReplShellCommands
import ReplShellSession
/// The full list of commands a shell process runs: the live-session core's and those of scripts
/// and goldens, explore and shrinking. `help` lists it, completion offers it, and a parsed line
/// runs the command whose name or alias starts it.
package enum CommandRegistry {
  /// Every command, in the order `help` lists them.
  static var commands: [any ShellCommand.Type] { CommandSet.full.commands }

  /// Every command's name, for suggestions and completion.
  static var names: [String] { CommandSet.full.names }

  /// What `help` says of every command, for front ends that describe them in their own terms
  /// (the MCP tool list).
  package static var descriptions: [CommandDescription] { CommandSet.full.descriptions }

  /// What each command may touch, by name, for front ends that annotate commands (MCP's tool
  /// annotations).
  package static let reaches: [String: CommandReach] = CommandSet.full.reaches

  /// The command that `word` (a name or an alias) runs.
  static func command(named word: String) -> (any ShellCommand.Type)? {
    CommandSet.full.command(named: word)
  }
}

extension CommandSet {
  /// Every command of a shell process, in the order `help` lists them: the core's
  /// (`CommandSet.core`) with `explore`, `shrink`, `save`, `source` and `linearize`.
  public static let full = CommandSet.core.adding([
    (ExploreCommand.self, after: "break"), (ShrinkCommand.self, after: "explore"),
    (SaveCommand.self, after: "fail"), (SourceCommand.self, after: "save"),
    (LinearizeShellCommand.self, after: "source"),
  ])
}
