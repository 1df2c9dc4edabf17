import StateValues
/// What `shrink` found, as lines to print and the lines of a scenario that reproduces it.
struct ShrinkOutcome: Sendable {
  /// What a headline adds when Ctrl-C (or a cancelled MCP call) stopped the search early.
  static let stoppedNote = "; stopped before the end (Ctrl-C): this is what shrank so far"

  /// The report: how much shrank, the shrunk actions, the last one's diff, the actual value.
  var lines: [OutputLine]
  /// The property as the line that checks it.
  var property: String
  /// How many actions the recording held.
  var actionCount: Int
  /// How many are left; nil when the property holds (nothing was shrunk).
  var shrunkCount: Int?
  /// The lines of a scenario after its `use` line: the property and the shrunk dispatches.
  var scriptLines: [String] = []
  /// The one-line failure the command fails with, when the property is broken.
  var failure: String?
  /// Whether the shrunk steps replay with the listeners on and their side effects held (`use
  /// <domain> --effects`): a saved scenario starts that way, not with the listeners off.
  var holdsEffects = false
}
