import ReplShellFoundation
import StateValues

/// The `--options` a command takes, declared once as its `static let options`: they are read from
/// the front of its arguments, and its usage line, Tab, tool arguments and messages follow.
///
/// Options come before the command's operands (`shrink --save bug.txt invariant …`); reading stops
/// at the first word that does not start with `--`, and what follows is the command's to read.
public struct CommandOptions: Sendable {
  /// The options, in the order the usage line, Tab and the tool schema list them.
  let all: [CommandOption]
  /// The message for a word that starts with `--` and is none of them, given the word and the
  /// command word; nil says it the way most commands do.
  let unknownOption: (@Sendable (_ typed: String, _ commandWord: String) -> String)?

  /// The options `all`; `unknownOption` words the error for another, where a command says it its own way.
  public init(_ all: [CommandOption], unknownOption: (@Sendable (_ typed: String, _ commandWord: String) -> String)? = nil) {
    self.all = all
    self.unknownOption = unknownOption
  }

  /// The options' names, as typed.
  public var names: [String] { all.map(\.name) }

  /// The option typed as `name`, if there is one.
  subscript(name: String) -> CommandOption? {
    all.first { $0.name == name }
  }
}

extension CommandOptions {
  /// Reads the options at the front of `arguments`: each known one with its value checked, and
  /// the rest of the line after them. A word that starts with `--` and is no option, a value
  /// missing, or one of the wrong kind is an error at its column.
  public func parse(_ arguments: CommandArguments) throws(CommandError) -> ParsedOptions {
    var parsed = ParsedOptions(rest: arguments)
    while true {
      // Read without copying: a line with no option (most dispatches) costs a look at its start.
      let rest = parsed.rest
      let leading = rest.text.prefix { $0.isWhitespace }.count
      let text = rest.text.dropFirst(leading)
      guard text.hasPrefix("--") else { return parsed }
      let typed = String(text.prefix { !$0.isWhitespace })
      let column = rest.column + leading
      guard let option = self[typed] else {
        throw CommandError(unknownOption?(typed, arguments.word) ?? defaultUnknownMessage(typed, commandWord: arguments.word), column: column)
      }
      let after = text.dropFirst(typed.count)
      guard option.takesValue else {
        parsed.add(option, .flag)
        parsed.rest = CommandArguments(word: arguments.word, text: String(after), column: column + typed.count)
        continue
      }
      guard let next = try ShellWords.first(of: after, startColumn: column + typed.count), !next.word.text.hasPrefix("--") else {
        throw CommandError(missingValueMessage(option, commandWord: arguments.word), column: column)
      }
      parsed.add(option, try value(of: option, in: next.word))
      parsed.rest = CommandArguments(word: arguments.word, text: String(next.rest), column: next.restColumn)
    }
  }

  /// Reads the options of a command that takes nothing else: a word after them is an error
  /// that names the options there are.
  public func parseOnly(_ arguments: CommandArguments) throws(CommandError) -> ParsedOptions {
    let parsed = try parse(arguments)
    if let stray = try ShellWords.first(of: Substring(parsed.rest.text), startColumn: parsed.rest.column)?.word {
      throw CommandError("\(arguments.word) takes only \(listing); remove `\(stray.text.truncatedForMessage)`", column: stray.column)
    }
    return parsed
  }

  /// `word` read as `option`'s value, or the error that says what it takes.
  private func value(of option: CommandOption, in word: ShellWords.Word) throws(CommandError) -> ParsedOptions.Value {
    let name = option.name
    switch option.kind {
    case .flag, .operandFlag:
      return .flag
    case .number(let minimum):
      guard let number = Int(word.text), number >= minimum else {
        let bound = minimum == 1 ? "> 0" : "≥ \(minimum)"
        throw CommandError("\(name) takes a whole number \(bound), e.g. `\(name) \(option.example)`", column: word.column)
      }
      return .number(number)
    case .unsigned:
      guard let number = UInt64(word.text) else {
        throw CommandError("\(name) takes a whole number ≥ 0, e.g. `\(name) \(option.example)`", column: word.column)
      }
      return .unsigned(number)
    case .duration:
      if let duration = DurationText.parse(word.text, bareSeconds: false) { return .duration(duration) }
      throw CommandError("\(name) takes a duration such as `\(option.example)`, `500ms` or `2m`", column: word.column)
    case .text:
      return .word(word)
    case .file(let ending, let reason):
      guard word.text.hasSuffix(ending), word.text.count > ending.count else {
        throw CommandError("\(reason): try `\(name) \(word.text.truncatedForMessage)\(ending)`", column: word.column)
      }
      return .word(word)
    case .choice(let noun, let values):
      let names = values()
      guard names.contains(word.text) else {
        let nearest = Suggestions.closest(to: word.text, among: names, limit: 1).first.map { "did you mean `\($0)`? " } ?? ""
        let known = names.joined(separator: ", ")
        throw CommandError("unknown \(noun) `\(word.text.truncatedForMessage)`; \(nearest)known: \(known)", column: word.column)
      }
      return .word(word)
    }
  }

  /// The error for an unknown option, as most commands say it: the options there are and the
  /// nearest, called flags when none takes a value.
  private func defaultUnknownMessage(_ typed: String, commandWord: String) -> String {
    let onlyFlags = !all.contains(where: \.takesValue)
    let noun = onlyFlags ? "flag" : "option"
    let listed = onlyFlags ? all.map { "`\($0.name)`" } : all.map(\.usageForm)
    let nearest = Suggestions.closest(to: typed, among: names, limit: 1).first.map { "did you mean `\($0)`? " } ?? ""
    return "\(commandWord) has no \(noun) `\(typed.truncatedForMessage)`; \(nearest)its \(noun)s: \(listed.joined(separator: ", "))"
  }

  /// The error for an option typed without its value: what it takes, with an example.
  private func missingValueMessage(_ option: CommandOption, commandWord: String) -> String {
    if case .choice(let noun, let values) = option.kind {
      return "\(option.name) needs a \(noun): \(values().map { "`\($0)`" }.joined(separator: ", "))"
    }
    return "\(option.name) needs \(option.valueNoun), e.g. `\(commandWord) \(option.name) \(option.example)`"
  }
}

extension CommandOptions {
  /// The usage line of the command `name` with these options and then `operands`: the options
  /// the usage spells out, then `[options]` for the others, if any.
  public func usage(_ name: String, operands: String = "") -> String {
    let shown = all.filter(\.isInUsage).map { "[\($0.usageForm)]" }
    let others = all.contains { !$0.isInUsage } ? ["[options]"] : []
    return ([name] + shown + others + (operands.isEmpty ? [] : [operands])).joined(separator: " ")
  }

  /// Each option as `help` and the manual's command pages list it: its form with its placeholder
  /// (`--runs N`), what it does, and its tool argument's name when a tool call can give it.
  public var entries: [(form: String, summary: String, toolName: String?)] {
    all.map { ($0.usageForm, $0.summary, $0.toolName) }
  }

  /// The options a tool call can give, as the tool's arguments.
  public var toolArguments: [ToolArgument] {
    all.compactMap(\.toolArgument)
  }

  /// The options as a sentence lists them: `` `--full`, `--tree` and `--changed <path>` ``.
  var listing: String {
    let forms = all.map { "`\($0.usageForm)`" }
    guard forms.count > 1, let last = forms.last else { return forms.joined() }
    return forms.dropLast().joined(separator: ", ") + " and " + last
  }
}

extension CommandOptions {
  /// What Tab offers at `request`: after an option that takes a value, its choices or what
  /// `values` offers for it (nothing when it offers none); among the options at the front, the
  /// ones not given yet when the word starts with `-`; otherwise `operands` of the operand words
  /// typed before the word, or, for a command without operands (nil), the options not given yet.
  public func completion(
    for request: CompletionRequest, operands: (([String]) -> ShellCompletion)? = nil, values: (CommandOption) -> ShellCompletion? = { _ in nil }
  ) -> ShellCompletion {
    var given: Set<String> = []
    var words = request.words.dropFirst()[...]
    while let word = words.first, let option = self[word] {
      words.removeFirst()
      given.insert(option.name)
      guard option.takesValue else { continue }
      guard words.popFirst() != nil else {
        if case .choice(_, let choices) = option.kind { return request.offer(choices()) }
        return values(option) ?? request.offer([])
      }
    }
    let remaining = request.offer(all.filter { $0.isRepeatable || !given.contains($0.name) }.map(\.name))
    guard let operands else { return remaining }
    return words.isEmpty && request.word.hasPrefix("-") ? remaining : operands(Array(words))
  }
}
