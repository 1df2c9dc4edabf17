import StateValues
/// A change to the breakpoints.
public enum BreakpointChange: Sendable {
  /// Lists them, as `break` alone does.
  case list
  /// Stops at the first dispatch that makes a predicate true.
  case add(Predicate)
  /// Drops breakpoint N, or every one (nil); `column` is where errors point.
  case clear(Int?, column: Int = 1)
}
