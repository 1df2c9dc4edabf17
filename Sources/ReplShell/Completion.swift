/// What a completer proposes for the word that ends at the cursor: the replacements, and how
/// much of the text before the cursor they replace.
struct Completion: Sendable, Hashable {
  /// One proposed replacement for the word before the cursor.
  struct Candidate: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The text that replaces the word.
    var text: String
    /// Whether the candidate is a finished word: when it is the only candidate, the editor
    /// appends a space after it. Pass `false` for a prefix such as `ui.animalList.` or `help(`.
    var isWholeWord: Bool

    /// Creates a candidate; a whole word unless `isWholeWord` says otherwise.
    init(_ text: String, isWholeWord: Bool = true) {
      self.text = text
      self.isWholeWord = isWholeWord
    }

    /// Creates a whole-word candidate from a literal.
    init(stringLiteral text: String) {
      self.init(text)
    }
  }

  /// The replacements, in the order they are listed on a second Tab.
  var candidates: [Candidate]
  /// How many characters (grapheme clusters) at the end of `lineUpToCursor` a candidate replaces.
  var replacedLength: Int
  /// Why the completer gave up, which the editor prints below the line; nil when it did not.
  var refusal: String?

  /// No candidates: Tab rings the bell.
  static let none = Completion(candidates: [], replacedLength: 0)

  /// Creates a completion replacing the last `replacedLength` characters before the cursor, or
  /// none and why (`refusal`).
  init(candidates: [Candidate], replacedLength: Int, refusal: String? = nil) {
    self.candidates = candidates
    self.replacedLength = replacedLength
    self.refusal = refusal
  }

  /// Creates a completion replacing `word` (the end of `lineUpToCursor`) with whole words.
  init(replacing word: some StringProtocol, with candidates: [String]) {
    self.init(candidates: candidates.map { Candidate($0) }, replacedLength: word.count)
  }
}
