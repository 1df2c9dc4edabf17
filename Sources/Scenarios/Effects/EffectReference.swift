/// A held effect as a step of `explore --effects` names it: the step after which it was made
/// (the action a listener answered, or the completion that led to it) and which of the effects
/// made then it is. Unlike its number, it stays the same when shrinking deletes other steps.
struct EffectReference: Hashable, Sendable {
  /// The `id` of the step after which the effect was made.
  let step: Int
  /// 0 for the first effect made after that step, 1 for the next.
  let ordinal: Int
}
