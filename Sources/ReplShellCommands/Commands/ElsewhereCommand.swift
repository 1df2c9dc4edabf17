import StateValues
/// A command of a shell process typed where the shell runs only the live-session core (an app
/// answering an attached shell, `CommandSet.core`): it is read whatever its arguments, and
/// running it says what to type instead. On the live store `explore`, `source` and `save` keep
/// the refusals they have in a shell process (`SessionSlot.refuseIfAttached`, checked first).
public struct ElsewhereCommand: ShellCommand {
  /// How `help` explains the command.
  public static let description = CommandDescription(
    name: "(elsewhere)", usage: "(a command of a shell process)", group: .session,
    synopsis: "a command this session does not run here",
    summary: "A command of a shell process (scripts, goldens, explore, shrinking) typed where only the live-session commands run: it is refused with what to type instead.",
    examples: [])
  /// Refusing touches nothing.
  public static let reach = CommandReach.nothing

  /// The word typed.
  public let name: String

  /// The command word typed; its arguments are not read.
  public static func parse(_ arguments: CommandArguments) throws(CommandError) -> ElsewhereCommand {
    ElsewhereCommand(name: arguments.word)
  }

  /// Refuses the command, saying where to run it.
  public func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    throw CommandError(
      "`\(name)` runs in a shell process, not inside the app this shell is attached to: run it in a local session (`replshell`, then `use <domain>`; `replshell --replay LOG` starts from a flight recorder's log)")
  }
}
