/// What `save` does with a command that succeeded in the session, so that the saved script, run
/// in a fresh session, goes through the states the session ended up keeping.
public enum RecordingRole: Sendable {
  /// Written as typed: it changes how the session behaves (`watch`, `debug`, `settle`).
  case setting
  /// Written when the fresh run is at the state it read then (`select`, `expect`, `state`).
  case reading
  /// Written when the state still applies its action: undone dispatches are left out.
  case dispatch
  /// Written as a `jump` to the fresh run's position when it moves somewhere the session kept.
  case travel
  /// Not written: it shows or manages the session itself (`help`, `history`, `save`), or starts
  /// it, which the saved `use` line does.
  case omitted
}
