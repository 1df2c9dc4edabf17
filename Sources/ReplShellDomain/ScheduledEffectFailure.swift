/// The error a held effect throws when the scheduler fails it (`fail N`, or `explore --effects`
/// deciding it fails): the listener handles it as it handles any failure of its seam.
public struct ScheduledEffectFailure: Error, CustomStringConvertible, Sendable {
  /// The effect that failed.
  public let effect: EffectScheduler.Effect

  public var description: String { "\(effect.label) failed" }
}
