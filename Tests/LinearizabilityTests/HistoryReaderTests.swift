import Testing

@testable import Linearizability

@Suite struct HistoryReaderTests {
  @Test func readsJepsensEDNWithCommasKeywordsAndExtraKeys() throws {
    let history = try HistoryReader.read(
      """
      {:type :invoke, :f :write, :value 3, :process 0, :time 10, :index 0}
      {:type :invoke, :f :read, :value nil, :process 1, :key "k"}
      {:type :ok, :f :write, :value 3, :process 0}

      {:type :ok, :f :read, :value 3, :process 1}
      """, source: "h.edn")
    #expect(history.operations.count == 2)
    #expect(history.eventCount == 4)
    let write = history.operations[0]
    #expect(write.function == "write" && write.process == 0 && write.outcome == .ok)
    #expect(write.invocationLine == 1 && write.completionLine == 3)
    #expect(write.invocation["time"] == .integer(10))
    let read = history.operations[1]
    #expect(read.value == .integer(3) && read.requestedValue == .null)
    #expect(read["key"] == .string("k"))
    #expect(read.invokedAt == 1 && read.completedAt == 3)
  }

  @Test func jsonLinesAndJepsenLogsReadAsTheSameOperations() throws {
    let edn = try HistoryReader.read(
      """
      {:process 0, :type :invoke, :f :cas, :value [1 2]}
      {:process 0, :type :fail, :f :cas, :value [1 2]}
      """, source: "a")
    let json = try HistoryReader.read(
      """
      {"process": 0, "type": "invoke", "f": "cas", "value": [1, 2]}
      {"process": 0, "type": "fail", "f": "cas", "value": [1, 2]}
      """, source: "b")
    let log = try HistoryReader.read("INFO  jepsen.util - 0\t:invoke\t:cas\t[1 2]\nINFO  jepsen.util - 0   :fail   :cas    [1 2]\n", source: "c")
    for history in [edn, json, log] {
      #expect(history.operations.count == 1)
      #expect(history.operations[0].function == "cas")
      #expect(history.operations[0].outcome == .fail)
      #expect(history.operations[0].requestedValue == .vector([.integer(1), .integer(2)]))
    }
  }

  @Test func anInvocationThatNeverCompletesIsIndeterminate() throws {
    let history = try HistoryReader.read("{:process 4, :type :invoke, :f :write, :value 1}\n", source: "h")
    #expect(history.operations[0].outcome == .info)
    #expect(history.operations[0].completedAt == nil)
  }

  @Test func nemesisOpsAreSkipped() throws {
    let history = try HistoryReader.read("{:process :nemesis, :type :info, :f :start, :value nil}\n", source: "h")
    #expect(history.operations.isEmpty)
  }

  @Test(arguments: [
    ("{:process 0, :type :invoke, :f :read}\n{:process 0, :type :invoke, :f :read}", 2, "has not completed"),
    ("{:process 0, :type :ok, :f :read, :value 1}", 1, "no open invocation"),
    ("\n\n{:type :invoke, :f :read}", 3, "no :process"),
    ("{:process 0, :type :invoke, :f :read, :value [1 2", 1, "not closed"),
    ("{:process 0, :type :invoke, :f :read, :value [1 2}", 1, "unexpected `}` with nothing open"),
    ("{:process 0, :type :begun, :f :read}", 1, "unknown :type"),
    ("{:process 0, :type :invoke, :f :read}\n{:process 0, :type :ok, :f :write}", 2, "repeats its invocation's :f"),
    ("{\"process\": 0, \"type\": }", 1, "not a JSON object"),
    ("[1 2 3]", 1, "expected an op map"),
    ("INFO  jepsen.util - 0 :invoke", 1, "a Jepsen log line"),
  ])
  func malformedHistoriesNameTheirLine(text: String, line: Int, words: String) {
    #expect {
      _ = try HistoryReader.read(text, source: "bad.edn")
    } throws: { error in
      guard let error = error as? HistoryError else { return false }
      return error.line == line && error.message.contains(words) && "\(error)".hasPrefix("bad.edn:\(line)")
    }
  }

  @Test func deepNestingIsRefusedWithItsLimit() {
    let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    #expect(throws: EDNReader.Failure.self) { try EDNReader.value(in: deep[...]) }
    let shallow = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
    #expect((try? EDNReader.value(in: shallow[...])) != nil)
  }

  @Test func ednValuesPrintBackAsTheyRead() throws {
    let text = #"{:f :read, :value [1 -2 "a\"b" nil true :k], :m {:x 1.5}}"#
    let value = try EDNReader.value(in: text[...])
    #expect(try EDNReader.value(in: value.description[...]) == value)
  }
}
