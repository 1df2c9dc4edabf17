import ReplShellDomain
import StateValues
extension DomainOption {
  /// The options that may stand alone, and the value they then stand for: `--effects` is
  /// `--effects held`.
  static let standingAlone = [DomainContext.effectsOption: "held"]

  /// `--store PATH --feed=URL --effects` → `["store": PATH, "feed": URL, "effects": "held"]`.
  public static func values(parsing words: [String], column: Int) throws(CommandError) -> [String: String] {
    var options: [String: String] = [:]
    var index = 0
    while index < words.count {
      let word = words[index]
      guard word.hasPrefix("--"), word.count > 2 else {
        throw CommandError("expected an option such as `--store PATH`, found `\(word.truncatedForMessage)`", column: column)
      }
      var name = String(word.dropFirst(2))
      var value: String
      if let equals = name.firstIndex(of: "=") {
        value = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      } else if let implied = standingAlone[name], index + 1 == words.count || words[index + 1].hasPrefix("--") {
        value = implied
      } else {
        guard index + 1 < words.count else {
          throw CommandError("option --\(name) needs a value", column: column)
        }
        index += 1
        value = words[index]
      }
      options[name] = value
      index += 1
    }
    return options
  }
}
