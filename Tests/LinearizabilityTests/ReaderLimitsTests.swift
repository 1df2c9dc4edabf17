import Testing

@testable import Linearizability

/// What the reader refuses rather than guess at: values nested past the depth budget by any of
/// EDN's recursive forms, and op fields of the wrong kind, which once dropped the op silently.
@Suite struct ReaderLimitsTests {
  func refusal(_ text: String) -> HistoryError? {
    do {
      _ = try HistoryReader.read(text, source: "bad.edn")
      return nil
    } catch {
      return error
    }
  }

  func op(value: String) -> String {
    "{:process 0, :type :invoke, :f :write, :value \(value)}"
  }

  /// Ten thousand `#a ` tags (a 30 KB line) once recursed ten thousand frames deep and crashed;
  /// each form that opens a level counts against the one budget, and the error names it.
  @Test(arguments: [
    String(repeating: "#a ", count: 10_000) + "1",
    String(repeating: "#_ ", count: 10_000) + "1 " + String(repeating: "1 ", count: 10_000),
    String(repeating: "#{", count: 10_000) + String(repeating: "}", count: 10_000),
    String(repeating: "(", count: 10_000) + String(repeating: ")", count: 10_000),
    String(repeating: "{:k ", count: 10_000) + "1" + String(repeating: "}", count: 10_000),
    String(repeating: "[#a ", count: 5_000) + String(repeating: "]", count: 5_000),
  ])
  func everyNestingFormCountsTowardTheDepthLimit(value: String) throws {
    let error = try #require(refusal(op(value: value)))
    #expect(error.line == 1)
    #expect(error.column != nil)
    #expect(error.message.contains("deeper than 64 levels"), "\(error)")
  }

  @Test func nestingWithinTheLimitReads() throws {
    let value = String(repeating: "#a [", count: 30) + String(repeating: "]", count: 30)
    let history = try HistoryReader.read(op(value: value), source: "ok.edn")
    #expect(history.operations.count == 1)
  }

  /// `#_` drops the value after it, wherever it stands.
  @Test func discardDropsTheNextValue() throws {
    let value = try EDNReader.value(in: "[1 #_ 2 3 #_ #_ 4 5 6]")
    #expect(value == .vector([.integer(1), .integer(3), .integer(6)]))
    let map = try EDNReader.value(in: "{:a #_ :dropped 1, #_ :b :c 2}")
    #expect(map == .map([(.keyword("a"), .integer(1)), (.keyword("c"), .integer(2))]))
    #expect(try EDNReader.value(in: "#_ 1 2") == .integer(2))
  }

  /// Ops whose `:process` is not a client's integer nor a worker's name were skipped, and a
  /// history of them passed as "linearizable (0 operations)".
  @Test(arguments: [
    (#"{:process "0", :type :invoke, :f :write, :value 1}"#, 11, "is a number in quotes"),
    (#"{:process "nemesis", :type :invoke, :f :write, :value 1}"#, 11, "is a string"),
    ("{:process 1.5, :type :invoke, :f :write, :value 1}", 11, "not an integer"),
    ("{:process 99999999999999999999, :type :invoke, :f :write, :value 1}", 11, "does not fit 64 bits"),
    ("{:process [0], :type :invoke, :f :write, :value 1}", 11, "not an integer"),
    (#"{"process": "0", "type": "invoke", "f": "write", "value": 1}"#, 13, "a number in quotes"),
    (#"{"process": 1.5, "type": "invoke", "f": "write", "value": 1}"#, 13, "not an integer"),
    (#"{"process": 18446744073709551616, "type": "invoke", "f": "write"}"#, 13, "does not fit 64 bits"),
    (#"{"process": null, "type": "invoke", "f": "write"}"#, 13, "not an integer"),
  ])
  func aProcessThatIsNotAClientNumberIsAnError(text: String, column: Int, words: String) throws {
    let error = try #require(refusal(text + "\n" + text.replacingOccurrences(of: "invoke", with: "ok")))
    #expect(error.line == 1 && error.column == column, "\(error)")
    #expect(error.message.contains(words), "\(error)")
    if !words.contains("64 bits") {
      let example = text.hasPrefix("{\"") ? #"`"process": 0`"# : "`:process 0`"
      #expect(error.message.contains(example), "says what to write: \(error)")
    }
  }

  /// Jepsen's workers that are not clients are named by keywords (JSON has no keywords: a name).
  @Test func namedWorkersAreStillSkipped() throws {
    let edn = try HistoryReader.read("{:process :nemesis, :type :info, :f :start, :value nil}", source: "h")
    let json = try HistoryReader.read(#"{"process": "nemesis", "type": "info", "f": "start", "value": null}"#, source: "h")
    #expect(edn.operations.isEmpty && json.operations.isEmpty)
  }

  @Test(arguments: [
    ("{:process 0, :type 3, :f :write, :value 1}", 20, ":type 3"),
    ("{:process 0, :type [:ok], :f :write, :value 1}", 20, ":invoke, :ok, :fail or :info"),
    ("{:process 0, :type :invoke, :f 7, :value 1}", 32, "names no operation"),
    ("{:process 0, :type :invoke, :f nil, :value 1}", 32, "names no operation"),
    ("{:process 0, :type :invoke, :f :write, :value 1, :index -1}", 57, ":index"),
    (#"{:process 0, :type :invoke, :f :write, :value 1, :index "3"}"#, 57, ":index"),
    (#"{:process 0, :type :invoke, :f :write, :value 1, :time "noon"}"#, 56, ":time"),
    (#"{"process": 0, "type": 1, "f": "write"}"#, 24, #"`"type": 1` is not one of"#),
    (#"{"process": 0, "type": "invoke", "f": false}"#, 39, "names no operation"),
    (#"{"process": 0, "type": "invoke", "f": "write", "index": 1.5}"#, 57, #"`"index": 1.5`"#),
  ])
  func otherFieldsOfTheWrongKindAreErrorsAtTheirColumn(text: String, column: Int, words: String) throws {
    let error = try #require(refusal(text))
    #expect(error.line == 1 && error.column == column, "\(error)")
    #expect(error.message.contains(words), "\(error)")
  }

  /// An op's line may be a tagged literal (`#jepsen.history.Op{…}`); only `#` and a space, or
  /// `#` alone, starts a comment.
  @Test func aTaggedOpLineIsReadNotSkipped() throws {
    let history = try HistoryReader.read(
      """
      # a comment
      #jepsen.history.Op{:process 0, :type :invoke, :f :write, :value 1}
      #jepsen.history.Op {:process 0, :type :ok, :f :write, :value 1}
      """, source: "h")
    #expect(history.operations.count == 1)
  }

  @Test func jsonLinesReadEscapesAndNestedValues() throws {
    let value = try #require(try HistoryReader.readOp(#"{"f": "r\u00e9ad\n", "value": [1, -2.5e1, {"k": [true, null]}], "process": 3}"#, source: "j", line: 1))
    #expect(value["f"] == .string("réad\n"))
    #expect(value["value"] == .vector([.integer(1), .float(-25), .map([(.keyword("k"), .vector([.bool(true), .null]))])]))
    #expect(value["process"] == .integer(3))
  }
}
