/// The parts of the command language several commands share, each explained once: `help paths`,
/// `help patterns`, `help predicates`, `help values`.
struct HelpTopic {
  /// The word after `help`.
  let name: String
  /// What the topic is about, in the listing of `help`.
  let summary: String
  /// The explanation, a paragraph per line, with example templates (see `ExampleNames`).
  let lines: [String]
  /// Examples with the running domain's names.
  let examples: [String]

  static let all: [HelpTopic] = [
    HelpTopic(
      name: "paths", summary: "state paths, as `state`, `why` and `history --changed` read them and every command prints them",
      lines: [
        "A path walks into the state: a label after `.` (a struct's field, a case's argument, a dictionary's key that is a name), a key in brackets and quotes when it is no name (`data[\"00000000-0000-…\"]`, or `data.\"a key\"`), an index in brackets (`items[0]`), a key of another type as a value (`byDiet[.herbivorous]`).",
        "Every path the shell prints can be pasted back; Tab completes keys, quoted where they need it.",
      ],
      examples: ["state {path}", "state --json {path}", "why {path}"]),
    HelpTopic(
      name: "patterns", summary: "action patterns, as `hide`, `unhide`, `actions`, `tail --only` and `explore --only/--skip` read them",
      lines: [
        "A pattern is case names separated by `.` that appear in a row in an action's case path, the last one as the start of a name: `ui` matches every UI action, a screen's name every action of that screen, `onTap` every case whose name starts so, a whole path one case.",
        "A pattern that matches no case is an error that names the nearest.",
      ],
      examples: ["actions {pattern}", "hide {pattern}", "explore --only {pattern}"]),
    HelpTopic(
      name: "predicates", summary: "predicates on a selector's output, as `expect`, `invariant` and `break when` read them",
      lines: [
        "`<selector> <operator> <value>`: `==` and `!=` for any output that is Decodable and Equatable; `<`, `<=`, `>`, `>=` for one that is Comparable (numbers, strings, dates); `contains` for an element of an array or a set, a key of a dictionary, or a part of a string.",
        "`<selector>.count` compares the number of elements of a collection. The value is read as the output's type, so enum cases and structs are written as Swift writes them. A failure prints the actual value.",
      ],
      examples: ["expect {selector} == {value}", "invariant {selector} != {value}", "break when {selector} == {value}"]),
    HelpTopic(
      name: "values", summary: "values as typed and printed: Swift's notation, and JSON with `--json`",
      lines: [
        "Values are written as in Swift: strings in double quotes, enum cases as `.name`, structs as `Type(label: value)`, arrays as `[a, b]`, dictionaries as `[key: value]`, dates as ISO 8601 strings, key paths as `\\.name`.",
        "`state --json` and `select --json` print JSON as `Codable` would write the value: a case without arguments as its name, one with arguments as `{\"case\": {arguments}}`, a dictionary with keys that are not strings as `[{\"key\": …, \"value\": …}]`.",
      ],
      examples: ["select --json {selector}"]),
  ]

  /// The topic named `name`, if there is one.
  static func named(_ name: String) -> HelpTopic? {
    all.first { $0.name == name }
  }
}
