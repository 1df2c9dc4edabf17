/// `fail N`: fails held side effect N, then shows what its listener dispatched.
struct FailCommand: EffectRelease {
  static let description = CommandDescription(
    name: "fail", usage: "fail <N>", group: .exploring,
    synopsis: "fails held side effect N",
    summary: "fails held side effect N (see `effects`), as a broken connection or a database error would, and waits for what its listener does with the error",
    examples: ["fail 1"],
    toolArguments: [ToolArgument("effect", "the number `effects` shows for the held effect", kind: .number)])
  static let fails = true

  let number: Int
  let column: Int
}
