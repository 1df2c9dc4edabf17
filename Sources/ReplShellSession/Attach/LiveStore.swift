import SessionProtocol
import StateValues

/// A running app's store, checked against its domain once (`LiveHooks.bind`) and held typed in
/// what these do: an attachment opens its shells' sessions over it, taps it and snapshots it
/// without ever casting the store again.
public struct LiveStore: Sendable {
  /// A session over the store for one attached shell (`allowsWrites`: whether it may dispatch).
  public let session: @MainActor @Sendable (_ events: SessionEventStream, _ allowsWrites: Bool) -> any AnyDomainSession
  /// Starts describing the store's dispatches to the sink, in order, on a thread of the lowest
  /// priority, from a bounded ring the store writes (`DispatchTap`), with the actions dropped
  /// told where they were; `stop()` the tap to end it.
  public let tap: @MainActor @Sendable (_ sink: @escaping @Sendable (TapReport) -> Void) -> LiveTap
  /// The store's current state as `Codable` writes it (nil when the state is not `Encodable`):
  /// where a flight recorder's log starts. Throws, saying why, when the state does not encode.
  public let snapshot: @MainActor @Sendable () throws(CommandError) -> JSONForm?
}
