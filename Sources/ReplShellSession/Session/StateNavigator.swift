import StateValues
/// Walks a state written as a `Value` along a `StatePath`: struct fields and case arguments by
/// label, dictionary entries by key, array elements by index.
public struct StateNavigator {
  /// The state being walked.
  let root: Value

  /// A navigator of the state `root`.
  public init(root: Value) {
    self.root = root
  }

  /// The value at `path`; an error names the parts there are, as they are typed, and the nearest.
  func value(at path: StatePath, column: Int?) throws(CommandError) -> Value {
    var value = root
    var walked = StatePath()
    for (index, component) in path.components.enumerated() {
      let children = Self.children(of: value)
      guard let child = children.first(where: { $0.component.isNamed(by: component) }) else {
        throw Self.missing(component, at: walked, among: children.map(\.component), column: path.column(of: index, fallback: column))
      }
      value = child.value
      walked = walked.appending(component)
    }
    return value
  }

  /// The paths, as typed, that complete `typed` by one step; those with parts of their own are
  /// no whole word, so Tab goes on into them. Each whole path `typed` starts with (cut at a `.` or
  /// `[` outside quotes) is a parent whose children may complete it, the longest tried first.
  ///
  /// The work is linear in `typed`: its tokens are read once and its steps walked once, keeping
  /// each parent's value on the way, instead of parsing and walking every prefix again. `budget`
  /// counts the work; once it is spent, nothing is offered (the caller says why).
  public func completions(of typed: String, budget: CompletionBudget) -> [(path: String, isLeaf: Bool)] {
    let indices = Array(typed.indices) + [typed.endIndex]
    let splits = Self.splits(of: typed)
    guard budget.spend(indices.count) else { return [] }
    var parents = [Parent(end: 0, value: root)]
    if let tokens = Self.tokens(of: typed, upTo: splits, indices: indices) {
      guard budget.spend(tokens.count) else { return [] }
      walk(tokens, into: &parents, budget: budget)
    }
    var candidates: [(path: String, isLeaf: Bool)] = []
    for parent in parents.reversed() {
      let parentText = typed[..<indices[parent.end]]
      let remainder = typed[indices[parent.end]...]
      let inBrackets = remainder.hasPrefix("[")
      let afterDot = remainder.hasPrefix(".") ? remainder.dropFirst() : nil
      for child in Self.children(of: parent.value).prefix(500) {
        guard budget.spend() else { return [] }
        let written = inBrackets ? child.component.bracketed : child.component.written(first: parent.end == 0)
        if written.hasPrefix(remainder) || afterDot.map({ child.component.label.hasPrefix($0) }) == true {
          guard budget.spend(parent.end) else { return [] }
          // A part with parts of its own ends in the character its first part is written after.
          let next = Self.children(of: child.value).first.map { $0.component.written(first: false).hasPrefix("[") ? "[" : "." }
          candidates.append((parentText + written + (next ?? ""), next == nil))
        }
      }
      if !candidates.isEmpty { break }
    }
    return candidates
  }

  /// A whole path at the start of the typed text: where it ends (a `.` or `[` follows) and the value it names.
  private struct Parent {
    let end: Int
    let value: Value
  }

  /// Walks the state along the steps `tokens` spell, one step at a time, and keeps a parent at
  /// each `.` or `[` that follows a step the state has; stops at the first step it cannot read
  /// or does not have, as no longer prefix could then name a value.
  private func walk(_ tokens: [Lexer.Located], into parents: inout [Parent], budget: CompletionBudget) {
    var parser = ValueParser(tokens: tokens)
    var value = root
    var isFirst = true
    while !parser.atEnd {
      let read = parser.tokensRead
      guard let step = try? parser.parseStatePathStep(isFirst: isFirst) else { return }
      isFirst = false
      let children = Self.children(of: value)
      guard budget.spend(parser.tokensRead - read + children.count),
        let child = children.first(where: { $0.component.isNamed(by: step) })
      else { return }
      value = child.value
      switch parser.currentToken {
      case .punctuation("."), .punctuation("["), .end: parents.append(Parent(end: parser.column - 1, value: value))
      default: return
      }
    }
  }

  /// The offsets of the characters `typed` may split at into a whole path and a step being
  /// typed: each `.` or `[` outside quotes.
  private static func splits(of typed: String) -> [Int] {
    var splits: [Int] = []
    var inQuotes = false
    var escaped = false
    for (offset, character) in typed.enumerated() {
      if inQuotes {
        if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inQuotes = false }
      } else if character == "\"" {
        inQuotes = true
      } else if character == "." || character == "[" {
        splits.append(offset)
      }
    }
    return splits
  }

  /// The tokens of `typed` up to its last split, which every parent ends at or before; where
  /// they cannot be read, those up to the last split before the character that stops the lexer
  /// (read twice at most). Nil when no split has readable tokens before it.
  private static func tokens(of typed: String, upTo splits: [Int], indices: [String.Index]) -> [Lexer.Located]? {
    guard let last = splits.last else { return nil }
    do {
      return try Lexer.tokenize(String(typed[..<indices[last]]))
    } catch {
      let stop = (error.column ?? 1) - 1
      guard let cut = splits.last(where: { $0 <= stop }) else { return nil }
      return try? Lexer.tokenize(String(typed[..<indices[cut]]))
    }
  }

  /// The parts a path can walk into, in printing order, each with the step that names it.
  public static func children(of value: Value) -> [(component: StatePath.Component, value: Value)] {
    switch value {
    case .structure(_, let fields), .enumCase(_, _, let fields?):
      return fields.map { (.name($0.label), $0.value) }
    case .dictionary(let entries):
      return Value.sortedEntries(entries).map { entry in
        if case .string(let key) = entry.key { return (.name(key), entry.value) }
        return (.key(entry.key), entry.value)
      }
    case .array(let elements):
      return elements.enumerated().map { (.key(.int($0.offset)), $0.element) }
    default:
      return []
    }
  }

  /// The error for a step the state does not have: where, what there is instead, the nearest.
  static func missing(
    _ component: StatePath.Component, at walked: StatePath, among children: [StatePath.Component], column: Int?
  ) -> CommandError {
    let place = walked.components.isEmpty ? "the state" : "`\(walked)`"
    let typed = component.written(first: true)
    let written = children.map { walked.appending($0).description }
    guard !written.isEmpty else {
      return CommandError("\(place) has no `\(typed.truncatedForMessage)`: it has no parts", column: column)
    }
    let nearest = Suggestions.closest(to: component.label, among: children.map(\.label), limit: 1).first
      .flatMap { label in children.first { $0.label == label } }
      .map { walked.appending($0).description }
    if let nearest {
      return CommandError("\(place) has no `\(typed.truncatedForMessage)`; did you mean `\(nearest.truncatedForMessage)`?", column: column)
    }
    let listed = written.prefix(12).map { "`\($0.truncatedForMessage)`" }.joined(separator: ", ")
    return CommandError("\(place) has no `\(typed.truncatedForMessage)`: it has \(listed)\(written.count > 12 ? ", …" : "")", column: column)
  }
}
