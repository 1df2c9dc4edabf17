/// A duration as the user types it on any surface — `500ms`, `30s`, `2m`, or a number of seconds
/// where the surface allows a bare number — and as the tool shows it back.
public enum DurationText {
  /// The longest duration any option takes: about 31 years, past which a number no longer fits.
  public static let longest: Duration = .seconds(1_000_000_000)

  /// The positive duration `text` spells, or nil: `500ms`, `30s`, `2m`; a bare number of seconds
  /// only when `bareSeconds`. A value past `longest`, zero, a negative or a non-finite number is nil.
  public static func parse(_ text: String, bareSeconds: Bool = true) -> Duration? {
    let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60)] + (bareSeconds ? [("", 1)] : [])
    for unit in units where text.hasSuffix(unit.suffix) {
      let number = text.dropLast(unit.suffix.count)
      // `Double` reads `inf`, `nan` and hexadecimal too: only digits and one point are a number here.
      guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let amount = Double(number) else { continue }
      let seconds = amount * unit.seconds
      guard amount > 0, seconds.isFinite, seconds <= 1e9 else { return nil }
      return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }
    return nil
  }

  /// `1.5s`, `250ms`, `2m`: the shortest of these that shows `duration` exactly to the millisecond.
  public static func show(_ duration: Duration) -> String {
    let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    if milliseconds % 60_000 == 0 && milliseconds > 0 { return "\(milliseconds / 60_000)m" }
    if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
    if milliseconds < 1000 { return "\(milliseconds)ms" }
    let seconds = Double(milliseconds) / 1000
    return "\(seconds)s"
  }
}
