/// A path into a state, in the one grammar that `state`, `why`, the inspector's tree and MCP read
/// and print: labels after `.`, keys that are not names quoted (`data["00000000-…"]` or
/// `data."a key"`), other keys and array indices in brackets (`items[0]`, `byDiet[.herbivorous]`).
/// Its `description` reads back to the same path, so every path the shell prints can be pasted.
public struct StatePath: Hashable, Sendable, CustomStringConvertible {
  /// One step of a path.
  public enum Component: Hashable, Sendable {
    /// A struct field or case argument by its label, or a dictionary entry by its `String` key.
    case name(String)
    /// A dictionary entry by a key that is not a `String`, or an array element by its index.
    case key(Value)
  }

  /// The steps from the root; empty for the whole state.
  public var components: [Component]
  /// Where each step was typed in its line, for errors that point at it; empty when not typed.
  public var columns: [Int] = []

  /// Creates a path of `components`.
  public init(_ components: [Component] = [], columns: [Int] = []) {
    self.components = components
    self.columns = columns
  }

  public static func == (left: StatePath, right: StatePath) -> Bool {
    left.components == right.components
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(components)
  }

  /// The column of step `index` as typed, or `fallback` when it was not typed.
  public func column(of index: Int, fallback: Int?) -> Int? {
    index < columns.count ? columns[index] : fallback
  }

  /// Reads a path typed in the command language; `column` is where `text` starts in its line.
  public init(parsing text: String, column: Int = 1) throws(CommandError) {
    var parser = try ValueParser(text, startColumn: column)
    self = try parser.parseStatePath()
    try parser.expectEnd()
  }

  /// The path extended by one step.
  public func appending(_ component: Component) -> StatePath {
    StatePath(components + [component])
  }

  /// The path as it is typed: `animals.data["00000000-…"].name`.
  public var description: String {
    var text = ""
    for component in components {
      text += component.written(first: text.isEmpty)
    }
    return text
  }
}

extension StatePath.Component {
  /// The step as it is typed after the path so far: `.name`, `name` at the start, `["a key"]`, `[0]`.
  public func written(first: Bool) -> String {
    switch self {
    case .name(let name) where name.isPlainName: (first ? "" : ".") + name
    case .name, .key: bracketed
    }
  }

  /// The step in brackets, however it could be written: `["Cat"]`, `[0]`.
  public var bracketed: String {
    switch self {
    case .name(let name): "[" + ValuePrinter.singleLine(.string(name)) + "]"
    case .key(let key): "[" + ValuePrinter.singleLine(key) + "]"
    }
  }

  /// The step as a tree shows it beside its value: the label or key without quotes or brackets.
  public var label: String {
    switch self {
    case .name(let name): name
    case .key(let key): ValuePrinter.singleLine(key)
    }
  }

  /// Whether a typed step names this one: keys of another type compare as they print, so
  /// `[.herbivorous]` names the key `Diet.herbivorous`.
  public func isNamed(by typed: StatePath.Component) -> Bool {
    switch (self, typed) {
    case (.name(let name), .name(let other)): name == other
    case (.key(let key), .key(let other)): key == other || ValuePrinter.singleLine(key) == ValuePrinter.singleLine(other)
    default: false
    }
  }
}

extension String {
  /// Whether the text can be written bare after `.` in a path: a name the lexer reads as one word.
  public var isPlainName: Bool {
    guard let first, first.isIdentifierStart else { return false }
    return allSatisfy(\.isIdentifierContinuation)
  }
}
