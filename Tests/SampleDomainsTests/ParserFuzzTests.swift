import AnimalsData
import Foundation
@testable import ReplShellCommands
import ReplShellDomain
import SampleDomains
import StateValues
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// Feeds the command parser and the action decoder generated lines — random, truncated and mutated
/// versions of real commands, random bytes, and lines generated from the grammar (valid commands
/// and their prefixes, deep nesting, huge numbers, long strings, every escape) — and checks each
/// one either parses or gets one error line whose column lies within the line (plus one, for "at
/// the end"). `make test` runs a short pass of 50,000 lines; `make fuzz` runs a million
/// (`REPLSHELL_PARSER_LINES`), beside the libFuzzer `parser` target, which covers the same
/// surface guided by coverage.
@Suite(.timeLimit(.minutes(10))) struct ParserFuzzTests {
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

  /// Runs on two threads of their own, half the lines each (from two seeds): a minute of
  /// CPU-bound work on the cooperative pool would starve the tests that run beside it, and once
  /// they are done, the two halves keep both cores busy. They run at the normal priority: at
  /// nice 10, with a release build of the package beside the suite, they got a tenth of a core
  /// each and ran past the ten-minute limit (22 minutes), while at the normal priority the suite
  /// under a second build passed in 403 s.
  @Test func generatedLinesNeverCrashTheParser() async {
    let seed = PropertySeed(default: 1_000_003)
    let lines = Self.lineCount
    async let first = Self.onThreadOfItsOwn { Self.fuzz(lines: lines / 2, seed: seed.value) }
    async let second = Self.onThreadOfItsOwn { Self.fuzz(lines: lines - lines / 2, seed: seed.value &+ 1) }
    let halves = await [first, second]
    for (index, outcome) in halves.enumerated() {
      #expect(outcome.badError == nil, "\(seed): in the half fuzzed from \(seed.value &+ UInt64(index))")
    }
    let (parsed, rejected) = (halves[0].parsed + halves[1].parsed, halves[0].rejected + halves[1].rejected)
    #expect(parsed + rejected == lines, "\(seed)")
    #expect(parsed > lines / 100 && rejected > lines / 10, "\(seed)")
  }

  /// The environment variable `make fuzz` sets to run the long pass.
  static let lineCountVariable = "REPLSHELL_PARSER_LINES"

  /// How many lines to generate: `REPLSHELL_PARSER_LINES` when it is set to a number of at least
  /// 1,000, else the short pass's 50,000.
  static var lineCount: Int {
    let requested = ProcessInfo.processInfo.environment[lineCountVariable].flatMap { Int($0) }
    return requested.map { max($0, 1_000) } ?? 50_000
  }

  /// What `work` returns, run on a new thread with room for the parser's deepest nesting.
  private static func onThreadOfItsOwn(_ work: @escaping @Sendable () -> FuzzOutcome) async -> FuzzOutcome {
    await withCheckedContinuation { (continuation: CheckedContinuation<FuzzOutcome, Never>) in
      let thread = Thread { continuation.resume(returning: work()) }
      thread.stackSize = 8 << 20
      thread.start()
    }
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
    var generator = SplitMix(seed: seed)
    var outcome = FuzzOutcome()
    for index in 0..<lines {
      let line = index.isMultiple(of: 2) ? mutatedLine(&generator, alphabet: alphabet) : GrammarLines.line(&generator)
      do throws(CommandError) {
        let command = try CommandParser.parse(line)
        if let dispatch = command as? DispatchCommand {
          _ = try ActionCache<AnimalsAction>.decodeAction(dispatch.action, catalog: catalog)
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

  static func mutatedLine(_ generator: inout SplitMix, alphabet: [Character]) -> String {
    var characters = Array(seeds[Int(generator.next() % UInt64(seeds.count))])
    func randomCharacter() -> Character { alphabet[Int(generator.next() % UInt64(alphabet.count))] }
    switch generator.next() % 7 {
    case 0:
      characters = Array(characters.prefix(Int(generator.next() % UInt64(characters.count + 1))))
    case 1, 2:
      for _ in 0..<(1 + generator.next() % 4) where !characters.isEmpty {
        characters[Int(generator.next() % UInt64(characters.count))] = randomCharacter()
      }
    case 3:
      characters = (0..<Int(generator.next() % 60)).map { _ in randomCharacter() }
    case 4:
      let bytes = (0..<Int(generator.next() % 40)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      return String(decoding: bytes, as: UTF8.self)
    case 5:
      let at = Int(generator.next() % UInt64(characters.count + 1))
      characters.insert(contentsOf: (0..<Int(1 + generator.next() % 8)).map { _ in randomCharacter() }, at: at)
    default:
      if !characters.isEmpty {
        characters.remove(at: Int(generator.next() % UInt64(characters.count)))
      }
    }
    return String(characters)
  }

  @Test func nestingDeeperThanTheLimitIsRefusedWithTheLimitAndColumn() throws {
    let prefix = "select selectX("
    let deepest = prefix + String(repeating: "[", count: 255) + String(repeating: "]", count: 255) + ")"
    #expect(throws: Never.self) { try CommandParser.parse(deepest) }
    for depth in [256, 5_000] {
      let line = prefix + String(repeating: "[", count: depth)
      #expect(throws: CommandError("nesting deeper than 256 levels of `[` and `(`", column: prefix.count + 256)) {
        try CommandParser.parse(line)
      }
    }
  }
}

/// Lines of the command language generated from its grammar: commands over values nested a few
/// levels, with huge and odd numbers, strings with every escape (good and bad), the occasional
/// long string or nesting near and past the limit — and a third of them cut short, so prefixes of
/// valid commands are tried too.
enum GrammarLines {
  static let numbers = [
    "0", "-7", "1_000", "2.5e3", "-0.0", "1e308", "1e309", "-1e-400", "9223372036854775807", "-9223372036854775808",
    "9223372036854775808", "99999999999999999999999999999999999999999", "1.", "0x1F", "1e", "1e+", "--1", "1__2", "3.14.15",
  ]
  static let escapes = [
    #"\n"#, #"\t"#, #"\r"#, #"\0"#, #"\""#, #"\\"#, #"\'"#, #"\u{1F600}"#, #"\u{0}"#, #"\u{10FFFF}"#, #"\u{D800}"#,
    #"\u{110000}"#, #"\u{}"#, #"\u{zz}"#, #"\u{41"#, #"\u"#, #"\q"#, "\\", "é", "日本", "\u{301}", "🙂", "\u{7}",
  ]
  static let names = ["animalId", "name", "diet", "categoryId", "range", "result", "x", "_", "é", "nil", "true"]
  static let actions = [
    "didTapIncrementButton", "ui.animalList.onTapDeleteSelectedAnimalButton", "animalEditor.onTapAddAnimalButton",
    "data.persistentSession.didFetchCategories", "categoryList.onAppear", "quakeList.onTapRefreshQuakesButton",
  ]
  static let selectors = ["selectAnimalsValues", "selectAnimal", "selectCategories", "selectValue", "selectX"]

  static func line(_ generator: inout SplitMix) -> String {
    let line: String
    switch generator.next() % 16 {
    case 0, 1: line = "select " + call(&generator, selectors, depth: 0)
    case 2, 3: line = "expect " + call(&generator, selectors, depth: 0) + " == " + value(&generator, depth: 0)
    case 4: line = "expect error " + call(&generator, actions, depth: 0)
    case 5: line = "select selectX(" + (generator.next() % 20 == 0 ? deepNesting(&generator) : value(&generator, depth: 0)) + ")"
    default: line = "dispatch " + (generator.next() % 3 == 0 ? "." : "") + call(&generator, actions, depth: 0)
    }
    guard generator.next() % 3 == 0 else { return line }
    return String(line.prefix(Int(generator.next() % UInt64(line.count + 1))))
  }

  private static func pick(_ generator: inout SplitMix, _ choices: [String]) -> String {
    choices[Int(generator.next() % UInt64(choices.count))]
  }

  private static func call(_ generator: inout SplitMix, _ names: [String], depth: Int) -> String {
    let name = pick(&generator, names)
    guard generator.next() % 4 != 0 else { return name }
    return name + "(" + arguments(&generator, depth: depth + 1) + ")"
  }

  private static func arguments(_ generator: inout SplitMix, depth: Int) -> String {
    (0..<Int(generator.next() % 4)).map { _ in
      (generator.next() % 5 == 0 ? "" : pick(&generator, names) + ": ") + value(&generator, depth: depth)
    }.joined(separator: ", ")
  }

  /// A value; below four levels it may be a collection, a case with arguments or a struct.
  private static func value(_ generator: inout SplitMix, depth: Int) -> String {
    switch generator.next() % (depth < 4 ? 11 : 7) {
    case 0: return pick(&generator, numbers)
    case 1: return string(&generator)
    case 2: return pick(&generator, ["true", "false", "nil", "[:]", "[]", "-.infinity", ".infinity", ".nan", "-", "[:", "[,]"])
    case 3: return "." + pick(&generator, names)
    case 4: return #"\."# + pick(&generator, names) + (generator.next() % 2 == 0 ? ".count" : "")
    case 5: return #"\Animal."# + pick(&generator, names)
    case 6: return "\"" + pick(&generator, escapes) + "\"" + pick(&generator, ["", ",", ")", "]", ":"])
    case 7: return "[" + (0..<Int(generator.next() % 4)).map { _ in value(&generator, depth: depth + 1) }.joined(separator: ", ") + "]"
    case 8:
      let entries = (0..<Int(1 + generator.next() % 3)).map { _ in string(&generator) + ": " + value(&generator, depth: depth + 1) }
      return "[" + entries.joined(separator: ", ") + "]"
    case 9: return "." + call(&generator, names, depth: depth)
    default: return pick(&generator, ["Animal", "Category", "Quake"]) + "(" + arguments(&generator, depth: depth + 1) + ")"
    }
  }

  /// A string literal of escapes and text, unterminated one time in twenty; one in two hundred is
  /// thousands of characters long.
  private static func string(_ generator: inout SplitMix) -> String {
    let count = generator.next() % 200 == 0 ? 1_000 : Int(generator.next() % 6)
    let parts = (0..<count).map { _ in generator.next() % 2 == 0 ? pick(&generator, escapes) : pick(&generator, names) }
    return "\"" + parts.joined() + (generator.next() % 20 == 0 ? "" : "\"")
  }

  /// Brackets and calls nested around the limit (250…262 levels), closed or not.
  private static func deepNesting(_ generator: inout SplitMix) -> String {
    let levels = (0..<(250 + Int(generator.next() % 13))).map { _ in generator.next() % 2 == 0 ? ("[", "]") : (".a(", ")") }
    let closed = generator.next() % 2 == 0
    return levels.map(\.0).joined() + "1" + (closed ? levels.reversed().map(\.1).joined() : "")
  }
}
