/// The alignment of golden lines that hold wildcards with transcript lines that needs the
/// fewest edits: a `...` line takes any run of transcript lines for free, a golden line pairs
/// with a transcript line it matches, and every other line costs one edit.
struct WildcardAlignment {
  let expected: [String]
  let actual: [String]
  /// `cost[i][j]`: the fewest edits that align `expected[i...]` with `actual[j...]`.
  private let cost: [[Int32]]

  init(expected: [String], actual: [String]) {
    self.expected = expected
    self.actual = actual
    let n = expected.count
    let m = actual.count
    var cost = Array(repeating: Array(repeating: Int32(0), count: m + 1), count: n + 1)
    for j in stride(from: m - 1, through: 0, by: -1) { cost[n][j] = Int32(m - j) }
    for i in stride(from: n - 1, through: 0, by: -1) {
      let isRun = expected[i] == GoldenComparison.linesWildcard
      cost[i][m] = cost[i + 1][m] + (isRun ? 0 : 1)
      for j in stride(from: m - 1, through: 0, by: -1) {
        if isRun {
          cost[i][j] = min(cost[i + 1][j], cost[i][j + 1])
        } else {
          var best = min(cost[i + 1][j], cost[i][j + 1]) + 1
          if GoldenComparison.line(expected[i], matches: actual[j]) { best = min(best, cost[i + 1][j + 1]) }
          cost[i][j] = best
        }
      }
    }
    self.cost = cost
  }

  /// The merged lines (golden lines where they match, `...` where it still fits, transcript lines
  /// elsewhere) and whether the golden matched with no edit.
  func merged() -> (lines: [String], isMatch: Bool) {
    var lines: [String] = []
    var i = 0
    var j = 0
    let n = expected.count
    let m = actual.count
    while i < n || j < m {
      if i < n, expected[i] == GoldenComparison.linesWildcard {
        if j < m, cost[i][j] == cost[i][j + 1] {
          j += 1
        } else {
          lines.append(expected[i])
          i += 1
        }
      } else if i < n, j < m, cost[i][j] == cost[i + 1][j + 1], GoldenComparison.line(expected[i], matches: actual[j]) {
        lines.append(expected[i])
        i += 1
        j += 1
      } else if i < n, cost[i][j] == cost[i + 1][j] + 1 {
        i += 1
      } else {
        lines.append(actual[j])
        j += 1
      }
    }
    return (lines, cost[0][0] == 0)
  }
}
