import Testing
@testable import Scenarios
@testable import ReplShellSession

/// Wildcards in goldens: `[..]` within a line, `...` for any number of lines, kept by `--update`.
@Suite struct GoldenComparisonTests {
  @Test func aLineWildcardMatchesAnyTextWithinTheLine() {
    #expect(GoldenComparison.line("took [..] ms", matches: "took 12 ms"))
    #expect(GoldenComparison.line("[..]-[..]", matches: "a-b"))
    #expect(GoldenComparison.line("a[..]a", matches: "aa"))
    #expect(!GoldenComparison.line("a[..]a", matches: "a"))
    #expect(!GoldenComparison.line("took [..] ms", matches: "took 12 s"))
  }

  @Test func aLinesWildcardMatchesAnyNumberOfLinesNoneIncluded() {
    let golden = "start\n...\nend\n"
    #expect(GoldenComparison(golden: golden, transcript: "start\nend\n").matches)
    #expect(GoldenComparison(golden: golden, transcript: "start\na\nb\nend\n").matches)
    #expect(!GoldenComparison(golden: golden, transcript: "start\na\n").matches)
  }

  @Test func anUpdateKeepsTheWildcardsThatStillMatchAndTheDiffShowsOnlyTheRest() {
    let golden = "id: [..]\n...\ncount: 1\ntail\n"
    let comparison = GoldenComparison(golden: golden, transcript: "id: 7\nx\ny\ncount: 2\ntail\n")
    #expect(!comparison.matches)
    #expect(comparison.updatedGolden == "id: [..]\n...\ncount: 2\ntail\n")
    #expect(comparison.diff(goldenName: "g", transcriptName: "t") == "--- g\n+++ t\n@@ -1,4 +1,4 @@\n id: [..]\n ...\n-count: 1\n+count: 2\n tail\n")
    #expect(GoldenComparison(golden: comparison.updatedGolden, transcript: "id: 7\nx\ny\ncount: 2\ntail\n").matches)
  }

  @Test func aWildcardThatNoLongerMatchesIsReplacedByTheNewLine() {
    let comparison = GoldenComparison(golden: "took [..] ms\n", transcript: "took 3 s\n")
    #expect(comparison.updatedGolden == "took 3 s\n")
  }

  @Test func aGoldenWithoutWildcardsComparesExactly() {
    #expect(GoldenComparison(golden: "a\nb\n", transcript: "a\nb\n").matches)
    #expect(GoldenComparison(golden: "a\nb\n", transcript: "a\nc\n").updatedGolden == "a\nc\n")
  }
}
