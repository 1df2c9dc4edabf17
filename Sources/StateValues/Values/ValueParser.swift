/// A recursive-descent parser for Swift-like values, action paths and selector calls: each value
/// comes out as a `ParsedValue`, the `Value` typed with the columns of its parts.
public struct ValueParser {
  /// The deepest nesting of `[…]` and `(…)` a value may have: parsing, decoding and printing
  /// recurse once per level, so an unbounded depth would overflow the stack.
  static let maxNesting = 256

  private let tokens: [Lexer.Located]
  private var position = 0
  private var nesting = 0

  public init(_ text: String, startColumn: Int) throws(CommandError) {
    self.tokens = try Lexer.tokenize(text, startColumn: startColumn)
  }

  /// A parser over tokens already read (`Lexer.tokenize`), which end with `.end`: path
  /// completion reads a line's tokens once and parses its steps one at a time.
  public init(tokens: [Lexer.Located]) {
    self.tokens = tokens
  }

  /// How many tokens the parser has passed: the work a step took, for completion's budget.
  public var tokensRead: Int { position }

  public var atEnd: Bool { tokens[position].token == .end }
  public var column: Int { tokens[position].column }
  private var current: Lexer.Token { tokens[position].token }
  /// The token the parser stands at.
  public var currentToken: Lexer.Token { current }

  public var peekIdentifier: String? {
    if case .identifier(let name) = current { return name }
    return nil
  }

  public mutating func advance() {
    if position < tokens.count - 1 { position += 1 }
  }

  public mutating func expectEnd() throws(CommandError) {
    guard atEnd else {
      throw CommandError("unexpected \(describe(current)) after the end of the command", column: column)
    }
  }

  public mutating func expect(_ token: Lexer.Token, _ what: String) throws(CommandError) {
    guard current == token else {
      throw CommandError("expected \(what), found \(describe(current))", column: column)
    }
    advance()
  }

  private mutating func identifier(_ what: String) throws(CommandError) -> String {
    guard case .identifier(let name) = current else {
      throw CommandError("expected \(what), found \(describe(current))", column: column)
    }
    advance()
    return name
  }

  /// A state path: `animals.data["00000000-…"].name`, `items[0]`, `data."a key"` (see `StatePath`).
  public mutating func parseStatePath() throws(CommandError) -> StatePath {
    var components: [StatePath.Component] = []
    var columns: [Int] = []
    if current == .punctuation(".") { advance() }
    columns.append(column)
    if current == .punctuation("[") {
      components.append(try parseSubscript())
    } else {
      components.append(try pathName(afterDot: false))
    }
    while true {
      if current == .punctuation(".") {
        advance()
        // A dot at the end, as Tab leaves after a part with parts of its own, adds nothing.
        if atEnd { return StatePath(components, columns: columns) }
        columns.append(column)
        components.append(try pathName(afterDot: true))
      } else if current == .punctuation("[") {
        columns.append(column)
        components.append(try parseSubscript())
      } else {
        return StatePath(components, columns: columns)
      }
    }
  }

  /// One step of a state path, as `parseStatePath` reads it: the first (a name, a quoted key or
  /// a subscript, after an optional `.`), or a later one after its `.` or at its `[`.
  public mutating func parseStatePathStep(isFirst: Bool) throws(CommandError) -> StatePath.Component {
    if isFirst {
      if current == .punctuation(".") { advance() }
      return current == .punctuation("[") ? try parseSubscript() : try pathName(afterDot: false)
    }
    if current == .punctuation("[") { return try parseSubscript() }
    try expect(.punctuation("."), "`.` or `[`")
    return try pathName(afterDot: true)
  }

  /// A step written as a name or a quoted key.
  private mutating func pathName(afterDot: Bool) throws(CommandError) -> StatePath.Component {
    switch current {
    case .identifier(let name):
      advance()
      return .name(name)
    case .string(let key):
      advance()
      return .name(key)
    case .int, .double:
      throw CommandError(
        "expected a property name\(afterDot ? " after `.`" : ""), found \(describe(current)); write a key that is not a name in quotes, `[\"00000000-…\"]`, and an index in brackets, `[0]`",
        column: column)
    default:
      throw CommandError("expected a property name or a quoted key\(afterDot ? " after `.`" : ""), found \(describe(current))", column: column)
    }
  }

  /// `[key]`: a quoted `String` key, an index, or a key of another type as a value.
  private mutating func parseSubscript() throws(CommandError) -> StatePath.Component {
    try enterNesting()
    defer { nesting -= 1 }
    let open = column
    advance()
    if current == .punctuation("]") {
      throw CommandError("expected a key or an index inside `[]`", column: column)
    }
    let key = try parseValue()
    guard current == .punctuation("]") else {
      if atEnd { throw CommandError("missing `]` to close the `[` at column \(open)", column: column) }
      throw CommandError("expected `]` after the key, found \(describe(current))", column: column)
    }
    advance()
    if case .string(let name) = key.value { return .name(name) }
    return .key(key.value)
  }

  /// An action: a (possibly partial) case path with optional arguments, `.ui.animalList.onAppear`.
  public mutating func parseActionPath() throws(CommandError) -> ParsedValue {
    let start = column
    guard peekIdentifier != nil || current == .punctuation(".") else {
      throw CommandError("expected an action case, found \(describe(current))", column: column)
    }
    let action = try parseValue()
    guard case .member = action.value else {
      throw CommandError("expected an action case, found \(action.summary)", column: start)
    }
    return action
  }

  /// `selectName` or `selectName(label: value, …)`.
  public mutating func parseSelectorCall() throws(CommandError) -> SelectorCall {
    let start = column
    if current == .punctuation(".") { advance() }
    let name = try identifier("a selector name")
    var arguments: [ParsedValue.Argument] = []
    if current == .punctuation("(") {
      arguments = try parseArguments()
    }
    return SelectorCall(name: name, arguments: arguments, column: start)
  }

  /// One value: a literal, a collection, a key path or a typed name with its arguments.
  package mutating func parseValue() throws(CommandError) -> ParsedValue {
    let start = column
    switch current {
    case .string(let text):
      advance()
      return ParsedValue(.string(text), column: start)
    case .int(let number):
      advance()
      return ParsedValue(.int(number), column: start)
    case .double(let number):
      advance()
      return ParsedValue(.double(number), column: start)
    case .identifier("true"), .identifier("false"):
      let flag = current == .identifier("true")
      advance()
      return ParsedValue(.bool(flag), column: start)
    case .identifier("nil"):
      advance()
      return ParsedValue(.null, column: start)
    case .punctuation("["):
      return try parseCollection()
    case .punctuation("\\"):
      advance()
      if current == .punctuation(".") {
        advance()
      } else {
        // `\Type.name`: the root type is implied by the parameter.
        _ = try identifier("a key path such as `\\.name`")
        try expect(.punctuation("."), "`.` and a property name in the key path")
      }
      var path = [try identifier("a property name in the key path")]
      while current == .punctuation(".") {
        advance()
        path.append(try identifier("a property name after `.`"))
      }
      return ParsedValue(.keyPath(path), column: start)
    case .punctuation("-"):
      advance()
      guard current == .punctuation("."), case .identifier("infinity")? = peek(1) else {
        throw CommandError("expected a number after `-`", column: start)
      }
      advance()
      advance()
      return ParsedValue(.double(-.infinity), column: start)
    case .punctuation("."), .identifier:
      var leadingDot = false
      if current == .punctuation(".") {
        leadingDot = true
        advance()
      }
      var path = [try identifier("a name after `.`")]
      while current == .punctuation(".") {
        advance()
        path.append(try identifier("a name after `.`"))
      }
      var arguments: [ParsedValue.Argument]?
      if current == .punctuation("(") {
        arguments = try parseArguments()
      }
      return .member(leadingDot: leadingDot, path: path, arguments: arguments, column: start)
    default:
      throw CommandError("expected a value, found \(describe(current))", column: start)
    }
  }

  private func peek(_ offset: Int) -> Lexer.Token? {
    position + offset < tokens.count ? tokens[position + offset].token : nil
  }

  /// Counts one more level of nesting for the bracket at the current token; refuses one too many.
  private mutating func enterNesting() throws(CommandError) {
    guard nesting < Self.maxNesting else {
      throw CommandError("nesting deeper than \(Self.maxNesting) levels of `[` and `(`", column: column)
    }
    nesting += 1
  }

  private mutating func parseArguments() throws(CommandError) -> [ParsedValue.Argument] {
    let open = column
    try enterNesting()
    defer { nesting -= 1 }
    advance()
    var arguments: [ParsedValue.Argument] = []
    while current != .punctuation(")") {
      if atEnd {
        throw CommandError("missing `)` to close the `(` at column \(open)", column: column)
      }
      var label: String?
      if case .identifier(let name) = current, peek(1) == .punctuation(":") {
        label = name
        advance()
        advance()
      }
      arguments.append(ParsedValue.Argument(label: label, value: try parseValue()))
      if current == .punctuation(",") {
        advance()
      } else if current != .punctuation(")") {
        throw CommandError("expected `,` or `)` in the argument list, found \(describe(current))", column: column)
      }
    }
    advance()
    return arguments
  }

  private mutating func parseCollection() throws(CommandError) -> ParsedValue {
    let start = column
    try enterNesting()
    defer { nesting -= 1 }
    advance()
    if current == .punctuation(":") {
      advance()
      try expect(.punctuation("]"), "`]` to close the empty dictionary `[:]`")
      return .dictionary([], column: start)
    }
    var elements: [ParsedValue] = []
    var entries: [(key: ParsedValue, value: ParsedValue)] = []
    var isDictionary: Bool?
    while current != .punctuation("]") {
      if atEnd {
        throw CommandError("missing `]` to close the `[` at column \(start)", column: column)
      }
      let element = try parseValue()
      if current == .punctuation(":") {
        guard isDictionary != false else {
          throw CommandError("`:` in an array: write a dictionary with every element as `key: value`", column: column)
        }
        isDictionary = true
        advance()
        entries.append((element, try parseValue()))
      } else {
        guard isDictionary != true else {
          throw CommandError("expected `:` and a value for this dictionary key", column: column)
        }
        isDictionary = false
        elements.append(element)
      }
      if current == .punctuation(",") {
        advance()
      } else if current != .punctuation("]") {
        throw CommandError("expected `,` or `]`, found \(describe(current))", column: column)
      }
    }
    advance()
    return isDictionary == true ? .dictionary(entries, column: start) : .array(elements, column: start)
  }

  /// The token as an error names it.
  public func describe(_ token: Lexer.Token) -> String {
    switch token {
    case .identifier(let name): "`\(name.truncatedForMessage)`"
    case .int(let number): "`\(ValuePrinter.singleLine(.int(number)))`"
    case .double(let number): "`\(ValuePrinter.singleLine(.double(number)))`"
    case .string: "a string"
    case .punctuation(let character): "`\(character)`"
    case .comparison(let symbol): "`\(symbol)`"
    case .end: "the end of the line"
    }
  }
}
