import Testing

@testable import Linearizability

/// What the checker prints reaches a terminal: a history's keys, values and `:f` names must not
/// carry a control character there raw (an escape sequence could retitle the window or hide
/// lines), and a witness over thousands of clients must not print megabytes.
@Suite struct RenderingTests {
  static let hostile = """
    {:process 0, :type :invoke, :f :put, :key "a\u{1B}[31m", :value "x\u{7}"}
    {:process 0, :type :ok, :f :put, :key "a\u{1B}[31m", :value "x\u{7}"}
    {:process 1, :type :invoke, :f :get, :key "a\u{1B}[31m", :value nil}
    {:process 1, :type :ok, :f :get, :key "a\u{1B}[31m", :value "y\u{1B}]0;title\u{7}\u{7F}"}
    """

  static func hasControlCharacters(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
  }

  @Test func controlCharactersInKeysAndValuesAreEscapedInTheVerdictAndWitness() {
    let report = LinearizeRun(domain: .keyValue).check(text: Self.hostile, source: "h.edn")
    #expect(report.outcome == .notLinearizable)
    #expect(!report.lines.contains(where: Self.hasControlCharacters), "\(report.lines)")
    #expect(report.lines.contains { $0.contains(#"\u{1B}[31m"#) && $0.contains(#"\u{7}"#) }, "\(report.lines)")
  }

  @Test func controlCharactersInFunctionNamesAreEscapedInErrors() {
    for text in ["{:process 0, :type :invoke, :f :wr\u{1B}ite, :value 1}", "{:process 0, :type :ok\u{7}, :f :write}", "{:process 0 \u{1B}[2J"] {
      let report = LinearizeRun(domain: .register).check(text: text, source: "h\u{1B}.edn")
      #expect(report.outcome == .malformed)
      #expect(!report.lines.contains(where: Self.hasControlCharacters), "\(report.lines)")
      #expect(report.lines.allSatisfy { $0.contains(#"\u{1B}"#) || $0.contains(#"\u{7}"#) }, "\(report.lines)")
    }
  }

  @Test func aHistoryPageEscapesControlCharactersToo() throws {
    let history = try HistoryReader.read(Self.hostile, source: "h.edn")
    let page = HistoryPage(history: history, witness: nil, verdict: "not linearizable").html
    #expect(!page.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x7 })
  }

  /// Three thousand clients' writes, then a read of a value none wrote: the whole history is the
  /// witness when shrinking has no time, and its drawing once had a column per client.
  @Test func aWitnessOverThousandsOfClientsIsDrawnWithinItsLineAndWidthLimits() throws {
    var lines = (0..<3000).map { "{:process \($0), :type :invoke, :f :write, :value \($0)}" }
    lines += (0..<3000).map { "{:process \($0), :type :ok, :f :write, :value \($0)}" }
    lines += ["{:process 5000, :type :invoke, :f :read, :value nil}", "{:process 5000, :type :ok, :f :read, :value 77777}"]
    let history = try HistoryReader.read(lines.joined(separator: "\n"), source: "wide.edn")
    let counterexample = Counterexample(partition: nil, history: history, linearized: Array(0..<3000), blocked: 3000, reason: "the read saw 77777")
    let drawing = WitnessTimeline(counterexample).lines
    #expect(drawing.count <= 200, "\(drawing.count) lines")
    #expect(drawing.allSatisfy { $0.count <= 240 }, "\(drawing.map(\.count).max() ?? 0) characters")
    #expect(drawing.contains { $0.contains("more rows") }, "says what it left out")
    #expect(drawing.last?.hasPrefix("cannot place: read → 77777 (process 5000, line 6001)") == true, "\(drawing.suffix(3))")
  }
}
