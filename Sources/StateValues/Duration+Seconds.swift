/// A `Duration` as a number of seconds: the one conversion every module of the shell uses to
/// print or compare a duration (`2.35 s`, a JUnit report's `time`, a budget's rate). It lives
/// here, in the smallest module they all import; `Linearizability`, which imports nothing of
/// the project, keeps its own.
extension Duration {
  /// The duration in seconds, its attoseconds as the fraction.
  public var inSeconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
