import Testing

@testable import Linearizability

@Suite struct ShrinkingTests {
  let register = LinearizabilityChecker(model: RegisterModel())

  /// A long, linearizable run of one writer and one reader with one stale read planted.
  func plantedStaleRead(rounds: Int, staleAt: Int) -> String {
    var lines: [String] = []
    for round in 0..<rounds {
      lines.append("{:process 0, :type :invoke, :f :write, :value \(round)}")
      lines.append("{:process 0, :type :ok, :f :write, :value \(round)}")
      let seen = round == staleAt ? round - 1 : round
      lines.append("{:process 1, :type :invoke, :f :read, :value nil}")
      lines.append("{:process 1, :type :ok, :f :read, :value \(seen)}")
    }
    return lines.joined(separator: "\n")
  }

  @Test func aPlantedStaleReadShrinksToTheWriteItMissedAndTheRead() throws {
    let history = try HistoryReader.read(plantedStaleRead(rounds: 300, staleAt: 217), source: "long.edn")
    guard case .notLinearizable(let found) = try register.check(history) else {
      Issue.record("expected not linearizable")
      return
    }
    let witness = register.shrink(found)
    let lines = witness.history.operations.map(\.invocationLine).sorted()
    // The read at round 217 (line 871) saw 216, written at line 865, after the write of 217
    // (line 869) completed: the witness keeps the write that explains the value read.
    #expect(lines == [865, 869, 871])
    #expect(witness.reason.contains("the read saw 216 but the register holds 217"))
    let drawing = WitnessTimeline(witness).lines
    #expect(drawing.contains { $0.contains("cannot place: read → 216 (process 1, line 871)") })
  }

  /// Minimal: dropping any one operation makes the witness pass, or leaves what its blocked
  /// operation observed explained by nothing else in it (a witness must keep the write a stale
  /// read saw).
  @Test func everyWitnessStillFailsAndLosesThatIfAnyOperationGoes() throws {
    var random = SeededRandom(state: 7)
    var shrunk = 0
    for _ in 0..<300 {
      let text = RandomHistories.register(operations: Int.random(in: 2...7, using: &random), processes: 3, using: &random)
      let history = try HistoryReader.read(text, source: "r.edn")
      guard case .notLinearizable(let found) = try register.check(history) else { continue }
      let witness = register.shrink(found)
      #expect(!BruteForce.isLinearizable(witness.history, model: RegisterModel()), "\(text)")
      for dropped in witness.history.operations.indices where witness.history.operations.count > 1 {
        let smaller = witness.history.keeping(witness.history.operations.indices.filter { $0 != dropped })
        let passes = BruteForce.isLinearizable(smaller, model: RegisterModel())
        var failsForAValue = false
        if case .notLinearizable(let again) = try register.check(smaller), let blocked = again.blocked {
          failsForAValue = !BruteForce.isLinearizable(smaller.justifying(blocked), model: RegisterModel())
        }
        #expect(passes || failsForAValue, "dropping \(dropped) of \(text)")
      }
      shrunk += 1
    }
    #expect(shrunk > 50)
  }
}
