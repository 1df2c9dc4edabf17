import ReplShellSession
import StateValues
/// `inspect [port]`: serves the live web inspector of this session on 127.0.0.1 and prints its address.
struct InspectCommand: ShellCommand {
  static let description = CommandDescription(
    name: "inspect", usage: "inspect [port]", group: .live,
    synopsis: "serves a live web inspector of this session",
    summary: "serves a live web inspector of this session on 127.0.0.1 (a free port unless given) and prints its address with its token; the page starts with the session so far; attached (`--attach`), it follows the app's live store, or your fork",
    examples: ["inspect", "inspect 8123"])
  static let reach = CommandReach.outsideWorld
  static let recordingRole = RecordingRole.omitted

  /// The port to listen on; 0 picks a free one.
  let port: Int

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> InspectCommand {
    guard arguments.trimmed != nil else { return InspectCommand(port: 0) }
    let word = try arguments.singleWord("port", missing: "")
    guard let port = Int(word.text), (0...65_535).contains(port) else {
      throw CommandError("expected a port number such as `8123` (or none, for a free port), found `\(word.text.truncatedForMessage)`", column: word.column)
    }
    return InspectCommand(port: port)
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    let address = try await context.session.startInspector(port: port)
    return CommandOutput([.plain("inspector: \(address)")])
  }
}
