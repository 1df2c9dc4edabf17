/// The alignment of golden lines that hold wildcards with transcript lines that costs least: a
/// `...` line takes any run of transcript lines for free, a golden line pairs with a transcript
/// line it matches for free and with one it does not for 1 (the line changed in place), and a
/// golden line dropped or a transcript line added costs 2, so that a changed line stays where
/// it was rather than being swallowed by a `...`.
struct WildcardAlignment {
  let expected: [String]
  let actual: [String]
  /// `cost[i][j]`: the least cost that aligns `expected[i...]` with `actual[j...]`.
  private let cost: [[Int32]]

  init(expected: [String], actual: [String]) {
    self.expected = expected
    self.actual = actual
    let n = expected.count
    let m = actual.count
    var cost = Array(repeating: Array(repeating: Int32(0), count: m + 1), count: n + 1)
    for j in stride(from: m - 1, through: 0, by: -1) { cost[n][j] = Int32(2 * (m - j)) }
    for i in stride(from: n - 1, through: 0, by: -1) {
      let isRun = expected[i] == GoldenComparison.linesWildcard
      cost[i][m] = cost[i + 1][m] + (isRun ? 0 : 2)
      for j in stride(from: m - 1, through: 0, by: -1) {
        if isRun {
          cost[i][j] = min(cost[i + 1][j], cost[i][j + 1])
        } else {
          let pair = cost[i + 1][j + 1] + (GoldenComparison.line(expected[i], matches: actual[j]) ? 0 : 1)
          cost[i][j] = min(pair, cost[i + 1][j] + 2, cost[i][j + 1] + 2)
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
      } else if i < n, j < m, case let matches = GoldenComparison.line(expected[i], matches: actual[j]),
        cost[i][j] == cost[i + 1][j + 1] + (matches ? 0 : 1)
      {
        lines.append(matches ? expected[i] : actual[j])
        i += 1
        j += 1
      } else if i < n, cost[i][j] == cost[i + 1][j] + 2 {
        i += 1
      } else {
        lines.append(actual[j])
        j += 1
      }
    }
    return (lines, cost[0][0] == 0)
  }
}
