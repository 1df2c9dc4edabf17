/// The text of `help` and `help <command>`: what each command does, with examples.
enum Help {
  /// One command's usage, summary and examples.
  struct Topic {
    let name: String
    let usage: String
    let summary: String
    let examples: [String]
  }

  static let topics: [Topic] = [
    Topic(name: "help", usage: "help [command]", summary: "lists the commands, or explains one with examples", examples: ["help dispatch"]),
    Topic(name: "domains", usage: "domains", summary: "lists the domains and the options of `use`", examples: ["domains"]),
    Topic(name: "use", usage: "use <domain> [--option value …]", summary: "starts a fresh store for a domain (scripts start with this)", examples: ["use counter", "use animals --store animals.sqlite", "use quakes --feed quakes-feed/"]),
    Topic(name: "actions", usage: "actions [filter]", summary: "lists every action case path with its parameters", examples: ["actions", "actions delete"]),
    Topic(name: "selectors", usage: "selectors", summary: "lists every selector with its parameters and output type", examples: ["selectors"]),
    Topic(name: "dispatch", usage: "dispatch <action>", summary: "dispatches an action written as Swift writes it (any unique suffix of its case path) and prints the diff of the state, then what listeners dispatched", examples: ["dispatch didTapIncrementButton", "dispatch animalList.onTapDeleteSelectedAnimalButton(animalId: \"Cat\")"]),
    Topic(name: "select", usage: "select <selector>[(arguments)]", summary: "evaluates a selector on the current state and prints its output", examples: ["select selectValue", "select selectAnimalsValues(categoryId: \"Mammal\", sort: \\.name, order: .reverse)"]),
    Topic(name: "state", usage: "state [path]", summary: "prints the whole state, or the part at a dotted path of labels and keys", examples: ["state", "state animals.data"]),
    Topic(name: "diff", usage: "diff", summary: "prints what the last dispatch changed, again", examples: ["diff"]),
    Topic(name: "history", usage: "history", summary: "lists the actions dispatched so far; ↳ marks those that listeners dispatched", examples: ["history"]),
    Topic(name: "watch", usage: "watch <selector>[(arguments)]", summary: "re-evaluates a selector after each dispatch (skipping actions its filter rejects) and prints its output when it changes", examples: ["watch selectValue"]),
    Topic(name: "unwatch", usage: "unwatch [selector]", summary: "stops watching one selector, or all of them", examples: ["unwatch", "unwatch selectValue"]),
    Topic(name: "debug", usage: "debug [category|all] [on|off]", summary: "switches debug output on or off and shows what is on; categories: " + OutputBuffer.Category.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: "; "), examples: ["debug on", "debug effects on", "debug off"]),
    Topic(name: "expect", usage: "expect <selector> == <value> | expect error <action>", summary: "asserts in scripts: a selector's output equals a value, or the reducer rejects an action; a failure stops the script with file:line", examples: ["expect selectValue == 1", "expect error ui.animalList.onTapDeleteSelectedAnimalButton(animalId: \"Nope\")"]),
    Topic(name: "settle", usage: "settle", summary: "waits until listeners have finished every side effect (dispatch already does this)", examples: ["settle"]),
    Topic(name: "reset", usage: "reset", summary: "starts the current domain again with a fresh store and the same options", examples: ["reset"]),
    Topic(name: "quit", usage: "quit", summary: "leaves the shell (Ctrl-D too)", examples: ["quit"]),
  ]

  @MainActor static func lines(for topic: String?, shell: Shell) throws(CommandError) -> [OutputLine] {
    guard let topic else {
      let width = topics.map(\.usage.count).max() ?? 0
      var lines = topics.map { OutputLine.plain($0.usage + String(repeating: " ", count: width - $0.usage.count) + "  " + $0.summary) }
      lines.append(.plain(""))
      lines.append(.plain("Actions and values are written as in Swift: strings in double quotes, enum cases as .name, structs as Type(label: value)."))
      lines.append(.plain("Type `help <command>` for examples; Tab completes commands, actions, labels, enum values, selectors and domains."))
      return lines
    }
    guard let match = topics.first(where: { $0.name == topic }) else {
      let suggestions = Suggestions.closest(to: topic, among: topics.map(\.name))
      throw CommandError("no help for `\(topic.truncatedForMessage)`\(suggestions.isEmpty ? "" : "; did you mean \(suggestions.map { "`\($0)`" }.joined(separator: " or "))?") Type `help` for the list.")
    }
    return [.plain("usage: \(match.usage)"), .plain(match.summary)] + match.examples.map { .plain("  example: \($0)") }
  }
}
