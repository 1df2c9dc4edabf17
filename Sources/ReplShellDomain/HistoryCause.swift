import SessionProtocol
/// What led to a dispatch, as the history keeps it: a line, or the entry whose listener side
/// effect dispatched it, by that entry's serial (which stays the same when undone entries are dropped).
public enum HistoryCause: Equatable {
  /// A line typed or run from a script.
  case line(DispatchEvent.Cause)
  /// A listener's side effect of the entry with this serial.
  case listener(serial: Int)
}
