import StateValues
/// A held effect as a step of `explore --effects` names it: the step after which it was made
/// (the action a listener answered, or the completion that led to it), which of the effects
/// made then it is, and what it does. Unlike its number, it stays the same when shrinking
/// deletes other steps; when a deletion makes the listener start it after another step, a
/// replay finds it by what it does.
struct EffectReference: Hashable, Sendable {
  /// The `id` of the step after which the effect was made.
  package let step: Int
  /// 0 for the first effect made after that step, 1 for the next.
  let ordinal: Int
  /// Its label: `fetchAnimalsQuery`.
  package let label: String

  /// The reference as a step's payload.
  package var value: Value { .array([.int(step), .int(ordinal), .string(label)]) }

  /// The reference a step's payload holds.
  package init?(_ value: Value) {
    guard case .array(let parts) = value, parts.count == 3, case .int(let step) = parts[0], case .int(let ordinal) = parts[1],
      case .string(let label) = parts[2]
    else { return nil }
    self.init(step: step, ordinal: ordinal, label: label)
  }

  package init(step: Int, ordinal: Int, label: String) {
    self.step = step
    self.ordinal = ordinal
    self.label = label
  }
}
