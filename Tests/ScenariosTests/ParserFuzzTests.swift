import AnimalsData
import Foundation
import SampleDomains
import Testing
@_spi(Internals) @testable import Scenarios

/// Feeds the command parser and the action decoder a million generated lines — random, truncated
/// and mutated versions of real commands — and checks each one either parses or gets one error
/// line whose column lies within the line (plus one, for "at the end").
@Suite struct ParserFuzzTests {
  static let seeds = [
    "dispatch didTapIncrementButton",
    #"dispatch ui.animalList.onTapDeleteSelectedAnimalButton(animalId: "Cat")"#,
    #"dispatch animalEditor.onTapAddAnimalButton(id: "A1", name: "Eagle", diet: .carnivorous, categoryId: "Bird")"#,
    #"dispatch data.persistentSession.didFetchCategories(result: .success(categories: [Category(categoryId: "Bird", name: "Bird")]))"#,
    #"dispatch data.persistentSession.didReloadSampleData(result: .failure(error: "x\n\u{1F600}"))"#,
    #"select selectAnimalsValues(categoryId: "Mammal", sort: \.name, order: .reverse)"#,
    #"expect selectAnimal(animalId: "Cat") == Animal(animalId: "Cat", name: "Cat", diet: .carnivorous, categoryId: "Mammal")"#,
    #"expect error animalList.onTapDeleteSelectedAnimalButton(animalId: "Nope")"#,
    "use animals --store 'a b.sqlite' --remote http://127.0.0.1:8080/animals/api",
    "state animals.data", "debug effects on", "watch selectValue", "help dispatch", "actions delete",
    "select selectX([1, 2.5e3, -7, true, nil, [:], [\"k\": [1]]])",
  ]

  /// Runs on a thread of its own: a minute of CPU-bound work on the cooperative pool would starve
  /// the tests that run beside it.
  @Test func aMillionLinesNeverCrashTheParser() async {
    let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<FuzzOutcome, Never>) in
      let thread = Thread { continuation.resume(returning: Self.fuzz(lines: 1_000_000, seed: 1_000_003)) }
      thread.stackSize = 8 << 20
      thread.start()
    }
    #expect(outcome.badError == nil)
    #expect(outcome.parsed + outcome.rejected == 1_000_000)
    #expect(outcome.parsed > 10_000 && outcome.rejected > 100_000)
  }

  /// How many generated lines parsed, how many were rejected, and the first error without a sensible column.
  struct FuzzOutcome: Sendable {
    var parsed = 0
    var rejected = 0
    var badError: String?
  }

  static func fuzz(lines: Int, seed: UInt64) -> FuzzOutcome {
    let catalog = ActionCatalog(examples: Domain.animalsActionExamples)
    let alphabet = Array("abcdexyzACZ019 .,:()[]\\\"'#-=_é日\u{0}\u{7}\u{1B}\u{301}🙂\t")
    var generator = SplitMix64(seed: seed)
    var outcome = FuzzOutcome()
    for _ in 0..<lines {
      let line = mutatedLine(&generator, alphabet: alphabet)
      do throws(CommandError) {
        let command = try CommandParser.parse(line)
        if let dispatch = command as? DispatchCommand {
          _ = try DomainSession<AnimalsState, AnimalsAction>.decodeAction(dispatch.action, catalog: catalog)
        }
        outcome.parsed += 1
      } catch {
        outcome.rejected += 1
        let column = error.column ?? 1
        if column < 1 || column > line.count + 1 || error.message.isEmpty {
          outcome.badError = "\(line.debugDescription): \(error)"
          return outcome
        }
      }
    }
    return outcome
  }

  static func mutatedLine(_ generator: inout SplitMix64, alphabet: [Character]) -> String {
    var characters = Array(seeds[Int(generator.next() % UInt64(seeds.count))])
    func randomCharacter() -> Character { alphabet[Int(generator.next() % UInt64(alphabet.count))] }
    switch generator.next() % 6 {
    case 0:
      characters = Array(characters.prefix(Int(generator.next() % UInt64(characters.count + 1))))
    case 1, 2:
      for _ in 0..<(1 + generator.next() % 4) where !characters.isEmpty {
        characters[Int(generator.next() % UInt64(characters.count))] = randomCharacter()
      }
    case 3:
      characters = (0..<Int(generator.next() % 60)).map { _ in randomCharacter() }
    case 4:
      let at = Int(generator.next() % UInt64(characters.count + 1))
      characters.insert(contentsOf: (0..<Int(1 + generator.next() % 8)).map { _ in randomCharacter() }, at: at)
    default:
      if !characters.isEmpty {
        characters.remove(at: Int(generator.next() % UInt64(characters.count)))
      }
    }
    return String(characters)
  }
}
