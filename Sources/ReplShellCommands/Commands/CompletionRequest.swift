import Foundation
import StateValues

/// The line up to the cursor, split into the word being typed and what lies before it.
public struct CompletionRequest {
  /// The word being typed: the characters a candidate replaces.
  public let word: String
  /// The line before that word.
  let before: String
  /// The whole words before it; the first is the command word.
  public let words: [String]

  /// Splits `lineUpToCursor` at the start of the word being typed.
  init(lineUpToCursor: String) {
    word = String(lineUpToCursor.reversed().prefix { $0.isIdentifierContinuation || $0 == "." || $0 == "\\" || $0 == "-" }.reversed())
    before = String(lineUpToCursor.dropLast(word.count))
    words = before.split(whereSeparator: \.isWhitespace).map(String.init)
  }

  /// The names that start with the word being typed, sorted and without repeats; names ending
  /// in `.` are never whole words, and `wholeWord: false` makes none of them one.
  public func offer(_ names: [String], wholeWord: Bool = true) -> ShellCompletion {
    let matches = Array(Set(names.filter { $0.hasPrefix(word) })).sorted()
    return ShellCompletion(candidates: matches.map { .init(text: $0, isWholeWord: wholeWord && !$0.hasSuffix(".")) }, replacedLength: word.count)
  }
}

extension CompletionRequest {
  /// Completes an action path, an argument label inside its parentheses, or an enum value after a label.
  public func action(in session: CompletionSession?) -> ShellCompletion {
    guard let session else { return offer([]) }
    guard let open = before.lastIndex(of: "("), !before[open...].contains(")") else {
      return offer(session.catalog.completionNames)
    }
    let path = before[..<open].split(whereSeparator: { $0.isWhitespace }).last.map { String($0).split(separator: ".").map(String.init) } ?? []
    guard let actionCase = try? session.catalog.resolve(path.first == "" ? Array(path.dropFirst()) : path, column: 1) else {
      return offer([])
    }
    if let label = currentLabel(in: before[open...]), let parameter = actionCase.parameters.first(where: { $0.label == label }) {
      return offer(session.catalog.symbolicValues[parameter.typeName]?.map(ValuePrinter.caseName) ?? [], wholeWord: false)
    }
    let given = typedLabels(in: before[open...])
    return offer(
      actionCase.parameters.filter { !$0.label.hasPrefix("_") && !given.contains($0.label) }.map { ValuePrinter.fieldLabel($0.label) },
      wholeWord: false)
  }

  /// Completes a selector name, an argument label inside its parentheses, or a value after a label.
  public func selector(in session: CompletionSession?) -> ShellCompletion {
    guard let session else { return offer([]) }
    guard let open = before.lastIndex(of: "("), !before[open...].contains(")") else {
      if before.contains("==") { return offer([]) }
      return offer(session.selectorSignatures.map(\.name))
    }
    let name = before[..<open].split(whereSeparator: { $0.isWhitespace }).last.map(String.init) ?? ""
    guard let selector = session.selectorSignatures.first(where: { $0.name == name }) else { return offer([]) }
    if let label = currentLabel(in: before[open...]), let parameter = selector.parameters.first(where: { $0.label == label }) {
      return offer(parameter.completions, wholeWord: false)
    }
    let given = typedLabels(in: before[open...])
    return offer(selector.parameters.filter { !given.contains($0.label) }.map { ValuePrinter.fieldLabel($0.label) }, wholeWord: false)
  }

  /// The labels of the arguments already typed after `(`: what Tab no longer offers.
  private func typedLabels(in arguments: Substring) -> Set<String> {
    let segments = arguments.dropFirst().split(separator: ",", omittingEmptySubsequences: false).dropLast()
    return Set(segments.compactMap { segment in
      let trimmed = segment.drop { $0.isWhitespace }
      guard let colon = trimmed.firstIndex(of: ":") else { return nil }
      return String(trimmed[..<colon]).trimmingTrailingWhitespace
    })
  }

  /// The label of the argument being typed after `(`, when the cursor is past its colon.
  private func currentLabel(in arguments: Substring) -> String? {
    let segment = arguments.split(separator: ",", omittingEmptySubsequences: false).last.map(String.init) ?? ""
    let trimmed = segment.drop { $0 == "(" || $0.isWhitespace }
    guard let colon = trimmed.firstIndex(of: ":") else { return nil }
    let label = trimmed[..<colon].trimmingTrailingWhitespace
    return label.isEmpty ? nil : label
  }
}

extension CompletionRequest {
  /// Completes a script's path: the `.txt` files and the folders in the folder typed so far,
  /// relative to `base`; a folder is no whole word, so Tab goes on into it.
  public func scriptPath(from base: URL) -> ShellCompletion {
    let folder = before.last.map { $0.isWhitespace ? "" : before.split(whereSeparator: \.isWhitespace).last.map(String.init) ?? "" } ?? ""
    let directory = URL(fileURLWithPath: folder.isEmpty ? "." : folder, relativeTo: URL(fileURLWithPath: base.path, isDirectory: true))
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    var candidates: [ShellCompletion.Candidate] = []
    for name in names.sorted() where name.hasPrefix(word) && !name.hasPrefix(".") {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path, isDirectory: &isFolder) else { continue }
      if isFolder.boolValue {
        candidates.append(.init(text: name + "/", isWholeWord: false))
      } else if name.hasSuffix(".txt") {
        candidates.append(.init(text: name, isWholeWord: true))
      }
    }
    return ShellCompletion(candidates: candidates, replacedLength: word.count)
  }
}

extension CompletionRequest {
  /// The argument being typed after the command word and any of `flags`, whole: a state path
  /// with quoted keys and brackets is one argument, where `word` stops at a `[` or a quote.
  func argumentText(skipping flags: [String]) -> String {
    var rest = Substring(before + word)
    rest = rest.drop { $0.isSpace }.drop { !$0.isSpace }.drop { $0.isSpace }
    while let flag = flags.first(where: { rest.hasPrefix($0 + " ") }) {
      rest = rest.dropFirst(flag.count).drop { $0.isSpace }
    }
    return String(rest)
  }

  /// Completes a path into the state typed after the command word and any of `flags`, within
  /// the completion's budget.
  func statePath(skipping flags: [String], in context: CompletionContext) -> ShellCompletion {
    let typed = argumentText(skipping: flags)
    let paths = context.runningSession?.statePaths(completing: typed, budget: context.budget) ?? []
    return ShellCompletion(candidates: paths.map { .init(text: $0.path, isWholeWord: $0.isLeaf) }, replacedLength: typed.count)
  }
}
