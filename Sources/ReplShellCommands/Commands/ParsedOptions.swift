/// The options read from the front of a command's arguments (`CommandOptions.parse`), each value
/// already checked, and the arguments after them.
public struct ParsedOptions: Sendable {
  /// One option's value, read as its kind says.
  enum Value: Sendable {
    /// A flag, which has none.
    case flag
    /// A whole number.
    case number(Int)
    /// A whole number ≥ 0 up to 2⁶⁴ − 1.
    case unsigned(UInt64)
    /// A duration.
    case duration(Duration)
    /// A word: a text, a file or a choice.
    case word(ShellWords.Word)
  }

  /// What follows the options: the command's operands, with their column.
  public internal(set) var rest: CommandArguments
  /// The values given, by option name, in the order typed.
  private var values: [String: [Value]] = [:]

  /// No option read yet, `rest` all there is.
  init(rest: CommandArguments) {
    self.rest = rest
  }

  /// Keeps a value of `option`: every one when it is repeatable, the last one otherwise.
  mutating func add(_ option: CommandOption, _ value: Value) {
    values[option.name] = option.isRepeatable ? values[option.name, default: []] + [value] : [value]
  }

  /// Whether `option` was typed.
  public func isSet(_ option: CommandOption) -> Bool {
    values[option.name] != nil
  }

  /// The whole number given to `option`.
  public func number(_ option: CommandOption) -> Int? {
    guard case .number(let number) = values[option.name]?.last else { return nil }
    return number
  }

  /// The whole number ≥ 0 given to `option`.
  public func unsigned(_ option: CommandOption) -> UInt64? {
    guard case .unsigned(let number) = values[option.name]?.last else { return nil }
    return number
  }

  /// The duration given to `option`.
  public func duration(_ option: CommandOption) -> Duration? {
    guard case .duration(let duration) = values[option.name]?.last else { return nil }
    return duration
  }

  /// The word given to `option`, with its column: the last one when it was given more than once.
  public func word(_ option: CommandOption) -> ShellWords.Word? {
    words(option).last
  }

  /// Every word given to `option`, in the order typed.
  public func words(_ option: CommandOption) -> [ShellWords.Word] {
    (values[option.name] ?? []).compactMap { value in
      guard case .word(let word) = value else { return nil }
      return word
    }
  }
}
