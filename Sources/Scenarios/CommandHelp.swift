/// What `help <command>` says of one command, for front ends that describe the commands in
/// their own terms (the MCP tool list).
package struct CommandHelp: Sendable {
  /// The command's name (`dispatch`).
  package let name: String
  /// Its usage line (`dispatch <action>`).
  package let usage: String
  /// One sentence on what it does.
  package let summary: String
  /// Lines to type.
  package let examples: [String]

  /// Every command's help, in `help`'s order.
  package static var all: [CommandHelp] {
    Help.topics.map { CommandHelp(name: $0.name, usage: $0.usage, summary: $0.summary, examples: $0.examples) }
  }
}
