import ReplShellSession
import StateValues
/// `complete N` and `fail N`: what the two commands share — the number they read, the held
/// effects they complete, and what they do — each command naming only its words and whether it fails.
protocol EffectRelease: ShellCommand {
  /// Whether the command fails the effect instead of completing it.
  static var fails: Bool { get }
  /// The held effect's number, as `effects` lists it.
  var number: Int { get }
  /// Where the number is, for errors.
  var column: Int { get }
  init(number: Int, column: Int)
}

extension EffectRelease {
  static var reach: CommandReach { .appState }
  static var recordingRole: RecordingRole { .setting }

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> Self {
    let command = description.name
    let word = try arguments.singleWord(
      "number", missing: "\(command) needs the number of a held effect, e.g. `\(command) 1` (type `effects` for the numbers)")
    let text = word.text.hasPrefix("#") ? String(word.text.dropFirst()) : word.text
    guard let number = Int(text), number > 0 else {
      throw CommandError("expected the number of a held effect such as `1`, found `\(word.text.truncatedForMessage)`", column: word.column)
    }
    return Self(number: number, column: word.column)
  }

  /// The held effects' numbers.
  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    guard request.words.count == 1, let held = context.runningSession?.heldEffectNumbers else { return request.offer([]) }
    return request.offer(held.map(String.init))
  }

  @MainActor func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    try await context.session.open(HeldEffectRelease(number: number, failing: Self.fails, column: column, report: context.line.report))
    return CommandOutput([])
  }
}
