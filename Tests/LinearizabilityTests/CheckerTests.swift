import Testing

@testable import Linearizability

@Suite struct CheckerTests {
  let register = LinearizabilityChecker(model: RegisterModel())

  func history(_ text: String) throws -> History {
    try HistoryReader.read(text, source: "t.edn")
  }

  @Test func aStaleReadAfterACompletedWriteIsNotLinearizable() throws {
    let stale = try history(
      """
      {:process 0, :type :invoke, :f :write, :value 1}
      {:process 0, :type :ok, :f :write, :value 1}
      {:process 1, :type :invoke, :f :read, :value nil}
      {:process 1, :type :ok, :f :read, :value nil}
      """)
    guard case .notLinearizable(let counterexample) = try register.check(stale) else {
      Issue.record("expected not linearizable")
      return
    }
    #expect(counterexample.linearized == [0])
    #expect(counterexample.blocked == 1)
    #expect(counterexample.reason.contains("the read saw nothing but the register holds 1"))
  }

  @Test func aReadConcurrentWithAWriteMaySeeEitherValue() throws {
    for seen in ["nil", "1"] {
      let overlapping = try history(
        """
        {:process 0, :type :invoke, :f :write, :value 1}
        {:process 1, :type :invoke, :f :read, :value nil}
        {:process 1, :type :ok, :f :read, :value \(seen)}
        {:process 0, :type :ok, :f :write, :value 1}
        """)
      #expect(try register.check(overlapping).name == "linearizable")
    }
  }

  @Test func anIndeterminateWriteMayHappenLateOrNever() throws {
    let late = try history(
      """
      {:process 0, :type :invoke, :f :write, :value 1}
      {:process 0, :type :info, :f :write, :value 1}
      {:process 1, :type :invoke, :f :read, :value nil}
      {:process 1, :type :ok, :f :read, :value nil}
      {:process 1, :type :invoke, :f :read, :value nil}
      {:process 1, :type :ok, :f :read, :value 1}
      """)
    #expect(try register.check(late).name == "linearizable")
    let never = try history(
      """
      {:process 0, :type :invoke, :f :cas, :value [5 6]}
      {:process 0, :type :info, :f :cas, :value [5 6]}
      {:process 1, :type :invoke, :f :read, :value nil}
      {:process 1, :type :ok, :f :read, :value nil}
      """)
    #expect(try register.check(never).name == "linearizable")
  }

  @Test func aFailedCasAssertsThatItComparedAndLost() throws {
    let lost = try history(
      """
      {:process 0, :type :invoke, :f :write, :value 1}
      {:process 0, :type :ok, :f :write, :value 1}
      {:process 1, :type :invoke, :f :cas, :value [1 2]}
      {:process 1, :type :fail, :f :cas, :value [1 2]}
      """)
    #expect(try register.check(lost).name == "not linearizable")
  }

  @Test func keysAreCheckedApartAndTheFailingKeyIsNamed() throws {
    let kv = LinearizabilityChecker(model: KeyValueModel())
    let text = """
      {:process 0, :type :invoke, :f :put, :key "a", :value "x"}
      {:process 0, :type :ok, :f :put, :key "a", :value "x"}
      {:process 1, :type :invoke, :f :get, :key "b", :value nil}
      {:process 1, :type :ok, :f :get, :key "b", :value "x"}
      """
    guard case .notLinearizable(let counterexample) = try kv.check(try history(text)) else {
      Issue.record("expected not linearizable")
      return
    }
    #expect(counterexample.partition == .string("b"))
    #expect(counterexample.history.operations.count == 1)
    let together = LinearizabilityChecker(model: KeyValueModel(partitionsByKey: false))
    #expect(try together.check(try history(text)).name == "not linearizable")
  }

  @Test func anOperationTheModelCannotReadNamesItsLine() throws {
    let bad = try history("{:process 0, :type :invoke, :f :write, :value \"x\"}\n{:process 0, :type :ok, :f :write, :value \"x\"}")
    #expect {
      _ = try register.check(bad)
    } throws: { error in
      (error as? HistoryError)?.line == 1 && "\(error)".contains("integer written")
    }
  }

  @Test func aPassedDeadlineAnswersUnknown() throws {
    // Twenty overlapping writes, then a read of a value none wrote: proving it wrong takes the
    // search through far more than the 1,024 steps between looks at the clock.
    var lines = (0..<20).map { "{:process \($0), :type :invoke, :f :write, :value \($0)}" }
    lines.append("{:process 99, :type :invoke, :f :read, :value nil}")
    lines.append("{:process 99, :type :ok, :f :read, :value 77}")
    lines += (0..<20).map { "{:process \($0), :type :ok, :f :write, :value \($0)}" }
    let verdict = try register.check(try history(lines.joined(separator: "\n")), deadline: .now)
    #expect(verdict.name == "unknown")
  }

  @Test func agreesWithTheBruteForceDefinitionOnRandomHistories() throws {
    var random = SeededRandom(state: 42)
    var seen = (linearizable: 0, not: 0)
    for round in 0..<600 {
      let text = RandomHistories.register(operations: Int.random(in: 1...6, using: &random), processes: Int.random(in: 1...3, using: &random), using: &random)
      let parsed = try history(text)
      let expected = BruteForce.isLinearizable(parsed, model: RegisterModel())
      let verdict = try register.check(parsed)
      #expect(verdict.name == (expected ? "linearizable" : "not linearizable"), "round \(round):\n\(text)")
      if expected { seen.linearizable += 1 } else { seen.not += 1 }
    }
    // Both verdicts must be exercised, or the comparison proves little.
    #expect(seen.linearizable > 100 && seen.not > 100, "\(seen)")
  }
}
