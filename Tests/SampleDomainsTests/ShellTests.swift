import Foundation
@testable import ReplShellCommands
import ReplShellDomain
@testable import ReplShellHost
import SampleDomains
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

@MainActor @Suite(.timeLimit(.minutes(10))) struct ShellTests {
  private func counterShell() async throws -> Shell {
    let shell = Shell(domains: Domain.samples, isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: "counter")
    return shell
  }

  @Test(arguments: Domain.samples.map(\.name)) func everyActionCasePrintsAndReadsBack(_ name: String) throws {
    let domain = try #require(Domain.samples.first { $0.name == name })
    let printed = try domain.roundTrip()
    #expect(!printed.isEmpty)
  }

  @Test func completionOffersCommandsActionsAndSelectors() async throws {
    let shell = try await counterShell()
    #expect(ShellCompletion.of("disp", in: shell).candidates.map(\.text) == ["dispatch"])
    #expect(ShellCompletion.of("dispatch didTap", in: shell).candidates.map(\.text) == ["didTapDecrementButton", "didTapIncrementButton"])
    #expect(ShellCompletion.of("select sel", in: shell).candidates.map(\.text) == ["selectValue"])
    #expect(ShellCompletion.of("use c", in: shell).candidates.map(\.text) == ["counter"])
    #expect(ShellCompletion.of("debug ef", in: shell).candidates.map(\.text) == ["effects"])
  }

  @Test func aBadLineIsOneErrorAndLeavesTheStateAlone() async throws {
    let shell = try await counterShell()
    _ = await shell.run("dispatch didTapIncrementButton")
    let result = await shell.run("dispatch didTapIncrementButton(amount: 2)")
    #expect(!result.succeeded)
    #expect(result.lines.count == 1)
    let value = await shell.run("select selectValue")
    #expect(value.lines.map(\.text) == ["1"])
  }

  /// The fuzz targets' limit: a command that may reach further than `reachLimit` is refused
  /// with one error naming both, and changes nothing; commands within it run.
  @Test func aReachLimitRefusesCommandsThatReachFurther() async throws {
    let shell = try await counterShell()
    shell.settings.reachLimit = .appState
    let refused = await shell.run("use animals")
    #expect(!refused.succeeded)
    #expect(
      refused.lines.map(\.text) == [
        "error: `use` may touch the outside world (files, a database, the network or an attached app); this shell runs only commands that touch at most the app's state (dispatches; listeners may reach the domain's database or network)"
      ])
    #expect(await shell.run("dispatch didTapIncrementButton").succeeded)
    #expect(await shell.texts("select selectValue") == ["1"])
  }

  /// Feeds the parser and the shell random, truncated and mutated lines: each must give one error
  /// line (or succeed) and never crash or change the state behind an error.
  @Test func malformedLinesNeverCrash() async throws {
    let shell = try await counterShell()
    let seeds = [
      "dispatch didTapIncrementButton", "select selectValue", "expect selectValue == 0", "state value",
      #"dispatch ui.animalList.onTapDeleteSelectedAnimalButton(animalId: "Cat")"#,
      #"select selectAnimalsValues(categoryId: "Mammal", sort: \.name, order: .reverse)"#,
      #"dispatch data.persistentSession.didFetchCategories(result: .success(categories: [Category(categoryId: "Bird", name: "Bird")]))"#,
      "use counter --store x", "debug effects on", "watch selectValue", "help dispatch", "actions Incr",
    ]
    let alphabet = Array("abcdefxyzAZ09 .,:()[]\"\\#-=_é日\u{0}\u{7}\u{1B}🙂")
    var generator = SplitMix(seed: 20261122)
    var lines = 0
    for _ in 0..<4_000 {
      let seed = seeds[Int(generator.next() % UInt64(seeds.count))]
      var characters = Array(seed)
      switch generator.next() % 5 {
      case 0: characters = Array(characters.prefix(Int(generator.next() % UInt64(characters.count + 1))))
      case 1:
        for _ in 0..<(1 + generator.next() % 4) where !characters.isEmpty {
          characters[Int(generator.next() % UInt64(characters.count))] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
        }
      case 2: characters = (0..<Int(generator.next() % 80)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
      case 3: characters += Array(String(repeating: "[(\"", count: Int(generator.next() % 300)))
      default: characters.insert(contentsOf: Array("dispatch "), at: 0)
      }
      let line = String(characters)
      if line.hasPrefix("use") || line.hasPrefix("reset") || line.hasPrefix("quit") { continue }
      let before = await shell.run("select selectValue").lines
      let result = await shell.run(line)
      lines += 1
      if !result.succeeded {
        #expect(result.lines.filter { $0.kind == .error }.count >= 1)
        #expect(result.lines.first { $0.kind == .error }.map { !$0.text.contains("DecodingError") } ?? true)
        let after = await shell.run("select selectValue").lines
        #expect(before == after, "state changed behind an error: \(line)")
      }
    }
    #expect(lines > 3_000)
  }
}

@MainActor @Suite(.timeLimit(.minutes(10))) struct DomainCompletionTests {
  private func shell(_ domain: String) async throws -> Shell {
    let shell = Shell(domains: Domain.samples, isScript: true, baseDirectory: projectRoot.appendingPathComponent("Scenarios"))
    _ = try await shell.start(domain: domain, options: domain == "quakes" ? ["feed": "quakes-feed/"] : [:])
    return shell
  }

  @Test func animalsCompletesPathsLabelsAndDiets() async throws {
    let shell = try await shell("animals")
    #expect(ShellCompletion.of("dispatch animalEditor.onTapAdd", in: shell).candidates.map(\.text) == ["animalEditor.onTapAddAnimalButton"])
    #expect(ShellCompletion.of("dispatch animalEditor.onTapAddAnimalButton(id: \"A\", n", in: shell).candidates.map(\.text) == ["name: "])
    #expect(ShellCompletion.of("dispatch animalEditor.onTapAddAnimalButton(id: \"A\", name: \"B\", diet: .", in: shell).candidates.map(\.text) == [".carnivorous", ".herbivorous", ".omnivorous"])
    #expect(ShellCompletion.of("select selectAnimalsValues(categoryId: nil, sort: \\.n", in: shell).candidates.map(\.text) == ["\\.name"])
    #expect(ShellCompletion.of("select selectAnimalsValues(categoryId: nil, sort: \\.name, order: .r", in: shell).candidates.map(\.text) == [".reverse"])
    #expect(ShellCompletion.of("state anim", in: shell).candidates.map(\.text) == ["animals."])
  }

  @Test func quakesCompletesRanges() async throws {
    let shell = try await shell("quakes")
    #expect(ShellCompletion.of("dispatch onTapRefreshQuakesButton(range: .allW", in: shell).candidates.map(\.text) == [".allWeek"])
  }

  @Test func badOptionsOfUseSayWhatToTypeInstead() async throws {
    let shell = Shell(domains: Domain.samples, isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    let store = await shell.run("use animals --store /no/such/folder/a.sqlite")
    #expect(store.lines.map(\.text) == ["error: column 13: --store /no/such/folder/a.sqlite: there is no folder /no/such/folder; create it or pick another path"])
    let remote = await shell.run("use animals --remote localhost:8080")
    #expect(remote.lines.map(\.text) == ["error: column 13: --remote needs an http:// or https:// URL, e.g. http://127.0.0.1:8080/animals/api; found `localhost:8080`"])
    let option = await shell.run("use quakes --fed x")
    #expect(option.lines.map(\.text) == ["error: column 12: `quakes` has no option --fed; did you mean --feed? it takes --store PATH, --feed URL, --timeout SECONDS"])
    let timeout = await shell.run("use quakes --timeout soon")
    #expect(timeout.lines.map(\.text) == ["error: column 12: --timeout takes a number of seconds above 0, e.g. `--timeout 30`; found `soon`"])
  }

  @Test func aVeryLongLineIsOneError() async throws {
    let shell = try await shell("animals")
    let line = "dispatch animalList.onTapDeleteSelectedAnimalButton(animalId: \"" + String(repeating: "é日", count: 50_000)
    let result = await shell.run(line)
    #expect(!result.succeeded)
    #expect(result.lines.map(\.text) == ["error: column 63: unterminated string: add a closing \""])
  }
}
