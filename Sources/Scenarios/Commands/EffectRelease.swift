/// The number `complete` and `fail` take, read once for both.
struct EffectRelease: Sendable {
  /// The held effect's number, as `effects` lists it.
  let number: Int
  /// Where the number is, for errors.
  let column: Int

  static func parse(_ arguments: CommandArguments, command: String) throws(CommandError) -> EffectRelease {
    let word = try arguments.singleWord(
      "number", missing: "\(command) needs the number of a held effect, e.g. `\(command) 1` (type `effects` for the numbers)")
    let text = word.text.hasPrefix("#") ? String(word.text.dropFirst()) : word.text
    guard let number = Int(text), number > 0 else {
      throw CommandError("expected the number of a held effect such as `1`, found `\(word.text.truncatedForMessage)`", column: word.column)
    }
    return EffectRelease(number: number, column: word.column)
  }

  /// The held effects' numbers, to complete.
  @MainActor static func completions(for request: CompletionRequest, in context: CommandContext) -> ShellCompletion {
    guard request.words.count == 1, let held = try? context.runningSession?.heldEffects() else { return request.offer([]) }
    return request.offer(held.map { String($0.number) })
  }
}
