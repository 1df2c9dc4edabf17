/// What Tab offers: candidates for the word before the cursor and how many characters they replace.
package struct ShellCompletion: Equatable, Sendable {
  /// One candidate; only whole words get a space after them.
  package struct Candidate: Equatable, Sendable {
    package let text: String
    package let isWholeWord: Bool
  }

  /// The candidates, in listing order.
  package let candidates: [Candidate]
  /// The number of characters at the end of the line that a candidate replaces.
  package let replacedLength: Int
}

extension ShellCompletion {
  /// What Tab offers at the end of `lineUpToCursor` in `shell`: commands, domain names, options,
  /// action paths, argument labels, enum values, key paths, selector names, debug categories and
  /// help topics.
  @MainActor package static func of(_ lineUpToCursor: String, in shell: Shell) -> ShellCompletion {
    let request = CompletionRequest(lineUpToCursor: lineUpToCursor)
    guard let word = request.words.first else {
      return request.offer(CommandRegistry.names)
    }
    guard let command = CommandRegistry.command(named: word) else {
      return request.offer([])
    }
    return command.completions(for: request, in: CommandContext(shell: shell))
  }
}
