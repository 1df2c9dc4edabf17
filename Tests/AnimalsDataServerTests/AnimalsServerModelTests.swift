import AnimalsData
import AnimalsStress
import Linearizability
import Testing

/// The Animals server's model on hand-written histories: each observation must be one the
/// server could give.
struct AnimalsServerModelTests {
  private static let cat = #"{:id "Cat", :name "Cat", :diet "Carnivore", :category "Mammal"}"#
  private static let tom = #"{:id "Cat", :name "Tom", :diet "Omnivore", :category "Mammal"}"#

  /// The sample animals with `replacing` in place of the cat (none when nil), as a fetch's value.
  private static func animals(cat replacing: String? = cat, extra: [String] = []) -> String {
    let others = Animal.samples.filter { $0.animalId != "Cat" }.map { AnimalsServerModel.edn($0).description }
    return "[" + (others + [replacing].compactMap { $0 } + extra).joined(separator: " ") + "]"
  }

  private func outcome(_ lines: [String]) -> LinearizeRun.Outcome {
    LinearizeRun(domain: .animalsServer).check(text: lines.joined(separator: "\n"), source: "test").outcome
  }

  @Test func aFetchAfterAnAcknowledgedUpdateSeesIt() {
    let update = [
      "{:process 0, :type :invoke, :f :update, :value \(Self.tom)}",
      "{:process 0, :type :ok, :f :update, :value \(Self.tom)}",
      "{:process 1, :type :invoke, :f :fetch-animals, :value nil}",
    ]
    #expect(outcome(update + ["{:process 1, :type :ok, :f :fetch-animals, :value \(Self.animals(cat: Self.tom))}"]) == .linearizable)
    // The old cat after the update was acknowledged: a stale read.
    #expect(outcome(update + ["{:process 1, :type :ok, :f :fetch-animals, :value \(Self.animals())}"]) == .notLinearizable)
  }

  @Test func aFetchDuringAnUpdateMaySeeEitherButNotAHalf() {
    let during = [
      "{:process 0, :type :invoke, :f :update, :value \(Self.tom)}",
      "{:process 1, :type :invoke, :f :fetch-animals, :value nil}",
    ]
    let end = "{:process 0, :type :ok, :f :update, :value \(Self.tom)}"
    #expect(outcome(during + ["{:process 1, :type :ok, :f :fetch-animals, :value \(Self.animals())}", end]) == .linearizable)
    #expect(outcome(during + ["{:process 1, :type :ok, :f :fetch-animals, :value \(Self.animals(cat: Self.tom))}", end]) == .linearizable)
    let half = #"{:id "Cat", :name "Tom", :diet "Carnivore", :category "Mammal"}"#
    #expect(outcome(during + ["{:process 1, :type :ok, :f :fetch-animals, :value \(Self.animals(cat: half))}", end]) == .notLinearizable)
  }

  @Test func anAddWhoseAnswerWasLostMayShowUpUnderAnIdNobodySaw() {
    let lost = [
      #"{:process 0, :type :invoke, :f :add, :value {:name "Rex", :diet "Carnivore", :category "Reptile"}}"#,
      #"{:process 0, :type :info, :f :add, :value {:name "Rex", :diet "Carnivore", :category "Reptile"}, :error "timed out"}"#,
      "{:process 1, :type :invoke, :f :fetch-animals, :value nil}",
    ]
    let rex = #"{:id "X1", :name "Rex", :diet "Carnivore", :category "Reptile"}"#
    #expect(outcome(lost + ["{:process 1, :type :ok, :f :fetch-animals, :value \(Self.animals(extra: [rex]))}"]) == .linearizable)
    #expect(outcome(lost + ["{:process 1, :type :ok, :f :fetch-animals, :value \(Self.animals())}"]) == .linearizable)
    let stranger = #"{:id "X2", :name "Nobody", :diet "Carnivore", :category "Reptile"}"#
    #expect(outcome(lost + ["{:process 1, :type :ok, :f :fetch-animals, :value \(Self.animals(extra: [stranger]))}"]) == .notLinearizable)
  }

  @Test func refusalsAreObservations() {
    let missing = #"{:id "Cat", :name "Tom", :diet "Omnivore", :category "Dinosaur"}"#
    #expect(outcome([
      "{:process 0, :type :invoke, :f :update, :value \(missing)}",
      "{:process 0, :type :fail, :f :update, :value \(missing), :error :category-not-found}",
    ]) == .linearizable)
    // The cat exists: refusing it as missing is wrong.
    #expect(outcome([
      "{:process 0, :type :invoke, :f :delete, :value \"Cat\"}",
      "{:process 0, :type :fail, :f :delete, :value \"Cat\", :error :animal-not-found}",
    ]) == .notLinearizable)
    // A refused connection had no effect and observed nothing.
    #expect(outcome([
      "{:process 0, :type :invoke, :f :delete, :value \"Cat\"}",
      "{:process 0, :type :fail, :f :delete, :value \"Cat\", :error :connection-refused}",
    ]) == .linearizable)
  }

  @Test func anOperationTheModelDoesNotKnowIsMalformedWithItsLine() {
    let report = LinearizeRun(domain: .animalsServer).check(
      text: "{:process 0, :type :invoke, :f :read, :value nil}\n{:process 0, :type :ok, :f :read, :value 1}", source: "h.edn")
    #expect(report.outcome == .malformed)
    #expect(report.lines.joined().contains("h.edn:"))
    #expect(report.lines.joined().contains(":fetch-animals"))
  }
}
