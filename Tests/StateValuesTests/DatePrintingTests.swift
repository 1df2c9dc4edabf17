import Foundation
import Testing
@testable import StateValues

/// Dates print as ISO 8601 in UTC, written digit by digit: the same text `String(format:)` wrote,
/// which the printer used before, for dates across the calendar's range and their milliseconds.
@Suite struct DatePrintingTests {
  /// What the printer wrote with `String(format:)`: the reference the digits must match.
  static func formatted(_ date: Date) -> String {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
    let wholeSeconds = (milliseconds / 1000).rounded(.down)
    let fraction = Int(milliseconds - wholeSeconds * 1000)
    var time = time_t(Int(wholeSeconds))
    var parts = tm()
    gmtime_r(&time, &parts)
    let text = String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    return text + (fraction != 0 ? String(format: ".%03d", fraction) : "") + "Z"
  }

  @Test func datesPrintAsStringFormatWroteThem() {
    var generator = Seeded(state: 0x9E37_79B9_7F4A_7C15)
    // From before year 1 to past 9999, with and without milliseconds; the epoch and its edges.
    var seconds: [Double] = [0, -1, 1, 0.001, -0.001, 0.5, 1_704_067_200, 1_704_067_200.123, -62_135_596_800, -62_135_596_801, 253_402_300_799, 253_402_300_800]
    for _ in 0..<5_000 {
      let whole = Double(Int.random(in: -70_000_000_000...300_000_000_000, using: &generator))
      seconds.append(Bool.random(using: &generator) ? whole : whole + Double(Int.random(in: 1...999, using: &generator)) / 1000)
    }
    for second in seconds {
      let date = Date(timeIntervalSince1970: second)
      #expect(ValuePrinter.format(date) == Self.formatted(date), "\(second)")
    }
  }

  /// A generator that draws the same dates on every run (xorshift64*).
  struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state ^= state >> 12
      state ^= state << 25
      state ^= state >> 27
      return state &* 0x2545_F491_4F6C_DD1D
    }
  }

  @Test func paddingCountsTheSign() {
    var text = ""
    for (number, width) in [(5, 4), (-5, 4), (12345, 4), (-12345, 2), (0, 3), (7, 2), (123, 3)] {
      ValuePrinter.appendZeroPadded(number, width: width, to: &text)
      text += " "
    }
    #expect(text == "0005 -005 12345 -12345 000 07 123 ")
  }
}
