/// `complete N`: lets held side effect N finish, then shows what its listener dispatched.
struct CompleteCommand: EffectRelease {
  static let description = CommandDescription(
    name: "complete", usage: "complete <N>", group: .exploring,
    synopsis: "lets held side effect N finish",
    summary: "lets held side effect N (see `effects`) finish and waits for what its listener does with the result",
    examples: ["complete 1"],
    toolArguments: [ToolArgument("effect", "the number `effects` shows for the held effect", kind: .number)])
  static let fails = false

  let number: Int
  let column: Int
}
