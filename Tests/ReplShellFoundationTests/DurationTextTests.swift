import ReplShellFoundation
import Testing

/// One reading of durations for every option that takes one (`--timeout`, `--time`,
/// `--mcp-call-timeout`): units, bounds, and nothing `Double` reads that a person would not type.
@Suite struct DurationTextTests {
  @Test func readsTheUnitsAndBareSeconds() {
    #expect(DurationText.parse("500ms") == .milliseconds(500))
    #expect(DurationText.parse("1.5s") == .milliseconds(1500))
    #expect(DurationText.parse("2m") == .seconds(120))
    #expect(DurationText.parse("3") == .seconds(3))
    #expect(DurationText.parse("3", bareSeconds: false) == nil)
  }

  /// A number past the longest duration would trap when made into milliseconds: it is refused.
  @Test func refusesWhatIsNotAPositiveFiniteDurationWithinTheLongest() {
    for text in ["", "s", "0s", "-1s", "1e300s", "1e300", "inf", "infs", "nan", "0x10s", "10 s", "1_000s", "soon"] {
      #expect(DurationText.parse(text) == nil, "\(text)")
    }
    #expect(DurationText.parse("1000000000s") == .seconds(1_000_000_000))
  }

  @Test func showsTheShortestExactSpelling() {
    #expect(DurationText.show(.milliseconds(300)) == "300ms")
    #expect(DurationText.show(.milliseconds(1200)) == "1.2s")
    #expect(DurationText.show(.seconds(30)) == "30s")
    #expect(DurationText.show(.seconds(300)) == "5m")
  }
}
