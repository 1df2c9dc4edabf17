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

extension Shell {
  /// Completes commands, domain names, options, action paths, argument labels, enum values,
  /// key paths, selector names, debug categories and help topics.
  package func completions(for lineUpToCursor: String) -> ShellCompletion {
    let word = String(lineUpToCursor.reversed().prefix { $0.isIdentifierContinuation || $0 == "." || $0 == "\\" || $0 == "-" }.reversed())
    let before = String(lineUpToCursor.dropLast(word.count))
    let words = before.split(whereSeparator: \.isWhitespace).map(String.init)
    func offer(_ names: [String], wholeWord: Bool = true) -> ShellCompletion {
      let matches = Array(Set(names.filter { $0.hasPrefix(word) })).sorted()
      return ShellCompletion(candidates: matches.map { .init(text: $0, isWholeWord: wholeWord && !$0.hasSuffix(".")) }, replacedLength: word.count)
    }
    guard let command = words.first else {
      return offer(CommandParser.commandNames)
    }
    switch command {
    case "help":
      return words.count == 1 ? offer(Help.topics.map(\.name)) : offer([])
    case "use":
      if words.count == 1 { return offer(domains.map(\.name)) }
      let domain = domains.first { $0.name == words[1] }
      if words.last?.hasPrefix("--") == true { return offer([]) }
      return offer((domain?.options ?? []).map { "--" + $0.name })
    case "debug":
      return offer(OutputBuffer.Category.allCases.map(\.rawValue) + ["all", "on", "off"])
    case "dispatch":
      return completeAction(before: before, word: word, offer: offer)
    case "expect" where words.count >= 2 && words[1] == "error":
      return completeAction(before: before, word: word, offer: offer)
    case "select", "watch", "unwatch", "expect":
      return completeSelector(before: before, word: word, offer: offer)
    case "state":
      guard let session = session as? any StateCompleting else { return offer([]) }
      return offer(session.statePaths(matching: word))
    default:
      return offer([])
    }
  }

  private func completeAction(before: String, word: String, offer: ([String], Bool) -> ShellCompletion) -> ShellCompletion {
    guard let session else { return offer([], true) }
    guard let open = before.lastIndex(of: "("), !before[open...].contains(")") else {
      return offer(session.catalog.completionNames, true)
    }
    let path = before[..<open].split(whereSeparator: { $0.isWhitespace }).last.map { String($0).split(separator: ".").map(String.init) } ?? []
    guard let actionCase = try? session.catalog.resolve(path.first == "" ? Array(path.dropFirst()) : path, column: 1) else {
      return offer([], true)
    }
    if let label = currentLabel(in: before[open...]), let parameter = actionCase.parameters.first(where: { $0.label == label }) {
      return offer(session.catalog.symbolicValues[parameter.typeName]?.map { "." + $0 } ?? [], false)
    }
    return offer(actionCase.parameters.filter { !$0.label.hasPrefix("_") }.map { $0.label + ": " }, false)
  }

  private func completeSelector(before: String, word: String, offer: ([String], Bool) -> ShellCompletion) -> ShellCompletion {
    guard let session else { return offer([], true) }
    guard let open = before.lastIndex(of: "("), !before[open...].contains(")") else {
      if before.contains("==") { return offer([], true) }
      return offer(session.selectorSignatures.map(\.name), true)
    }
    let name = before[..<open].split(whereSeparator: { $0.isWhitespace }).last.map(String.init) ?? ""
    guard let selector = session.selectorSignatures.first(where: { $0.name == name }) else { return offer([], true) }
    if let label = currentLabel(in: before[open...]), let parameter = selector.parameters.first(where: { $0.label == label }) {
      return offer(parameter.completions, false)
    }
    return offer(selector.parameters.map { $0.label + ": " }, false)
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

/// A session that can list the dotted paths of its current state, for `state` completion.
@MainActor protocol StateCompleting {
  func statePaths(matching prefix: String) -> [String]
}

extension DomainSession: StateCompleting {
  func statePaths(matching prefix: String) -> [String] {
    var components = prefix.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    components.removeLast()
    var value = stateValue
    for component in components {
      guard let child = value.namedChildren.first(where: { $0.name == component }) else { return [] }
      value = child.value
    }
    let base = components.isEmpty ? "" : components.joined(separator: ".") + "."
    return value.namedChildren.prefix(200).map { base + $0.name + ($0.value.namedChildren.isEmpty ? "" : ".") }
  }
}
