import ReplShellSession
/// What Tab offers: candidates for the word before the cursor and how many characters they replace.
public struct ShellCompletion: Equatable, Sendable {
  /// One candidate; only whole words get a space after them.
  public struct Candidate: Equatable, Sendable {
    /// The text that replaces the end of the line.
    public let text: String
    /// Whether it is a whole word, which gets a space after it.
    public let isWholeWord: Bool
  }

  /// The candidates, in listing order.
  public let candidates: [Candidate]
  /// The number of characters at the end of the line that a candidate replaces.
  public let replacedLength: Int
  /// Why completion gave up, and what to do instead, when it ran out of time; nil otherwise.
  public var refusal: String? = nil

  /// `candidates` that replace the last `replacedLength` characters; `refusal` says why there are none.
  public init(candidates: [Candidate], replacedLength: Int, refusal: String? = nil) {
    self.candidates = candidates
    self.replacedLength = replacedLength
    self.refusal = refusal
  }
}

extension ShellCompletion {
  /// What Tab offers at the end of `lineUpToCursor`: commands, domain names, options, action
  /// paths, argument labels, enum values, key paths, selector names, debug categories and help
  /// topics. Runs on any thread, on what `context` took of the shell; when its budget runs out,
  /// it offers nothing and says why (`refusal`).
  public static func of(_ lineUpToCursor: String, in context: CompletionContext) -> ShellCompletion {
    let request = CompletionRequest(lineUpToCursor: lineUpToCursor)
    guard let word = request.words.first else {
      return request.offer(context.commands.names)
    }
    guard let command = context.commands.command(named: word) else {
      return request.offer([])
    }
    let completion = command.completions(for: request, in: context)
    guard context.budget.ending != nil else { return completion }
    return ShellCompletion(candidates: [], replacedLength: 0, refusal: context.budget.refusal(of: lineUpToCursor))
  }

  /// What Tab offers at the end of `lineUpToCursor` in `host`, worked out here and now within
  /// `limit` (tests, the fuzz target, and a terminal's Tab, which cannot wait).
  @MainActor package static func of(
    _ lineUpToCursor: String, in host: any CommandHost, limit: Duration = CompletionBudget.attachedLimit,
    isInterrupted: @escaping @Sendable () -> Bool = { false }
  ) -> ShellCompletion {
    let budget = CompletionBudget(limit: limit, isInterrupted: isInterrupted)
    return of(lineUpToCursor, in: CompletionContext(host: host, completing: lineUpToCursor, budget: budget))
  }
}
