@testable import ReplShellHost
import SessionProtocol
import StateValues
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The one language across commands, on the sample domains: state paths that reach every key and
/// print back as typed, predicates in `expect` and `invariant`, the action pattern of `hide`,
/// `actions` and `explore`, and values as JSON.
@MainActor @Suite(.timeLimit(.minutes(10))) struct LanguageTests {
  private func loadedAnimals() async throws -> Shell {
    let shell = try await startedShell("animals")
    _ = await shell.run("dispatch ui.animalList.onAppear")
    return shell
  }

  @Test func statePathsTakeLabelsQuotedKeysAndIndices() async throws {
    let shell = try await loadedAnimals()
    #expect(await shell.texts("state animals.data.Cat.name") == ["\"Cat\""])
    #expect(await shell.texts("state animals.data[\"Cat\"].name") == ["\"Cat\""])
    #expect(await shell.texts("state animals.data.\"Cat\".diet") == [".carnivorous"])
    #expect(await shell.texts("state --json animals.data[\"Cat\"]") == [#"{"animalId":"Cat","name":"Cat","diet":"carnivorous","categoryId":"Mammal"}"#])
    #expect(await shell.texts("select selectAnimalsValues(categoryId: \"Bird\", sort: \\.name)").count > 0)
  }

  @Test func aMissingPartSaysWhereWithThePathsAsTyped() async throws {
    let shell = try await loadedAnimals()
    #expect(await shell.texts("state animals.data.Kat") == ["error: column 20: `animals.data` has no `Kat`; did you mean `animals.data.Cat`?"])
    #expect(await shell.texts("state animals.dta") == ["error: column 15: `animals` has no `dta`; did you mean `animals.data`?"])
    #expect(await shell.texts("state animals.data['Cat']") == ["error: column 20: strings and quoted keys take double quotes: write \"…\" for '…'"])
    #expect(await shell.texts("state animals.data.00000000").first?.contains("write a key that is not a name in quotes") == true)
  }

  @Test func keysThatAreNoNamesPrintQuotedAndPasteBack() throws {
    let path = StatePath([.name("data"), .name("00000000-0000-0000-0000-000000000001"), .name("name")])
    #expect(path.description == #"data["00000000-0000-0000-0000-000000000001"].name"#)
    #expect(try StatePath(parsing: path.description) == path)
    #expect(try StatePath(parsing: "data.Cat.") == StatePath([.name("data"), .name("Cat")]), "the dot Tab leaves adds nothing")
    let mixed = StatePath([.name("items"), .key(.int(0)), .name("a key")])
    #expect(mixed.description == #"items[0]["a key"]"#)
    #expect(try StatePath(parsing: mixed.description) == mixed)
    #expect(try StatePath(parsing: #"items[0]."a key""#) == mixed)
  }

  @Test func tabCompletesKeysQuotedWhereNeeded() async throws {
    let shell = try await loadedAnimals()
    #expect(shell.candidates("state animals.data.C") == ["animals.data.Cat."])
    #expect(shell.candidates("state animals.data[\"Ca") == ["animals.data[\"Cat\"]."])
    #expect(shell.candidates("state --json anim") == ["animals."])
  }

  @Test func predicatesCompareOrderCountAndContain() async throws {
    let shell = try await loadedAnimals()
    _ = await shell.run("dispatch ui.categoryList.onAppear")
    #expect(await shell.texts("expect selectAnimals(categoryId: \"Mammal\").count == 4") == ["ok"])
    let failed = await shell.texts("expect selectAnimals(categoryId: \"Mammal\").count < 4")
    #expect(Array(failed.prefix(3)) == [
      "error: column 8: expectation failed: selectAnimals(categoryId: \"Mammal\").count < 4", "  actual count: 4", "  actual: [",
    ])
    #expect(await shell.texts("expect selectAnimals(categoryId: \"Mammal\") contains \"Cat\"") == ["ok"])
    #expect(await shell.texts("expect selectAnimal(animalId: \"Cat\") < 3").first?.contains("`<` needs an output that is Comparable") == true)
  }

  @Test func predicatesOnCounter() async throws {
    let shell = try await startedShell()
    _ = await shell.run("dispatch didTapIncrementButton")
    #expect(await shell.texts("expect selectValue >= 1") == ["ok"])
    #expect(await shell.texts("expect selectValue > 1") == ["error: column 8: expectation failed: selectValue > 1", "  actual: 1"])
    #expect(await shell.texts("invariant selectValue <= 1") == ["invariant selectValue <= 1 is checked after every dispatch"])
    let broken = await shell.texts("dispatch didTapIncrementButton")
    #expect(broken.contains("error: invariant selectValue <= 1 broken by `didTapIncrementButton`"))
    #expect(broken.last == "  actual: 2")
    #expect(await shell.texts("expect selectValue.count == 1") == ["error: column 8: `.count` needs a collection; `selectValue` returns `Int`"])
  }

  @Test func aListenersHiddenActionIsQuietAndMarkedInTheHistory() async throws {
    let shell = try await startedShell("animals")
    #expect(await shell.texts("hide didFetchAnimals") == ["hiding 1 action case: data.persistentSession.didFetchAnimals"])
    let lines = await shell.texts("dispatch ui.animalList.onAppear")
    #expect(!lines.contains { $0.contains("didFetchAnimals") })
    #expect(await shell.texts("history").contains { $0.hasSuffix("(listener)   (hidden)") })
    #expect(await shell.texts("unhide didFetchAnimals") == ["showing `didFetchAnimals` again"])
  }

  @Test func actionsAndExploreTakeTheSamePattern() async throws {
    let shell = try await startedShell("animals")
    let listed = await shell.texts("actions animalList.onTap")
    #expect(!listed.isEmpty && listed.allSatisfy { $0.hasPrefix("ui.animalList.onTap") })
    #expect(await shell.texts("actions animalEditr").first?.hasPrefix("error: column 9: no action case matches `animalEditr`: did you mean") == true)
    let explored = await shell.texts("explore --runs 1 --steps 1 --seed 1 --only animalEditor")
    #expect(!explored.contains { $0.hasPrefix("error") })
  }
}

/// Errors that always help: the nearest name at every depth, every missing label with its case.
@MainActor @Suite(.timeLimit(.minutes(10))) struct HelpfulErrorTests {
  @Test func actionsNameTheirCaseTheirMissingLabelsAndTheNearest() async throws {
    let shell = try await startedShell("animals")
    #expect(await shell.texts(#"dispatch animalEditor.onTapAddAnimalButton(id: "A1", name: "x")"#) == [
      "error: column 10: `ui.animalEditor.onTapAddAnimalButton` is missing `diet:` and `categoryId:`: it takes ui.animalEditor.onTapAddAnimalButton(id: String, name: String, diet: Animal.Diet, categoryId: String)"
    ])
    #expect(await shell.texts(#"dispatch animalEditor.onTapAddAnimalButon(id: "A1")"#).first?.contains("did you mean `ui.animalEditor.onTapAddAnimalButton`") == true)
    #expect(await shell.texts(#"dispatch animalEditor.onTapAddAnimalButton(id: "A1", nme: "x", diet: .carnivorous, categoryId: "Bird")"#).first?
      .contains("has no argument `nme:`; did you mean `name:`?") == true)
    #expect(await shell.texts(#"dispatch animalEditor.onTapAddAnimalButton(id: "A1", name: "x", diet: .carnivrous, categoryId: "Bird")"#).first?
      .contains("`.carnivrous` is not a case of Animal.Diet; did you mean `.carnivorous`?") == true)
  }

  @Test func selectorsAndHelpSayWhatToTypeInstead() async throws {
    let shell = try await startedShell()
    #expect(await shell.texts("select selectValue(1)") == ["error: column 20: selectValue takes no arguments: write `selectValue` alone"])
    #expect(await shell.texts("help nosuch") == ["error: no command `nosuch`: type `help` for the list"])
    #expect(await shell.texts("help patterns").first == "patterns: action patterns, as `hide`, `unhide`, `actions`, `tail --only` and `explore --only/--skip` read them")
    #expect(await shell.texts("state --jsn").first == "error: column 7: state has no flag `--jsn`; did you mean `--json`? its flags: `--json`")
  }

  @Test func tabOffersOnlyTheLabelsNotYetTyped() async throws {
    let shell = try await startedShell("animals")
    #expect(shell.candidates(#"dispatch animalEditor.onTapAddAnimalButton(id: "A1", "#) == ["categoryId: ", "diet: ", "name: "])
  }

  @Test func helpExamplesComeFromTheRunningDomain() async throws {
    let animals = try await startedShell("animals")
    let dispatch = await animals.texts("help dispatch")
    #expect(dispatch.contains("  example: dispatch ui.categoryList.onAppear"))
    #expect(!dispatch.contains { $0.contains("didTapIncrementButton") })
    let counter = try await startedShell()
    #expect(await counter.texts("help watch").last == "  example: watch selectValue")
    #expect(await counter.texts("help hide").contains("  example: hide didTap"))
  }
}

/// Values as data beside their text: the events of `--format json` and what MCP carries.
@MainActor @Suite(.timeLimit(.minutes(10))) struct ValuesAsDataTests {
  @Test func selectAndStateEventsCarryTheirValueAsJSON() async throws {
    let shell = try await startedShell("animals")
    _ = await shell.run("dispatch ui.animalList.onAppear")
    let selected = await shell.run(#"select selectAnimal(animalId: "Cat")"#)
    let lines = selected.events.map(SessionEventJSON.line(for:)).filter { $0.contains(#""event": "output""#) }
    #expect(lines.last?.hasSuffix(#""value": {"animalId":"Cat","name":"Cat","diet":"carnivorous","categoryId":"Mammal"}}"#) == true, "\(lines)")
    #expect(selected.value == .object([("animalId", .string("Cat")), ("name", .string("Cat")), ("diet", .string("carnivorous")), ("categoryId", .string("Mammal"))]))
    #expect(await shell.run("help").value == nil)
  }

  @Test func jsonFollowsCodable() {
    let failure = Value.enumCase(typeName: "Result", name: "failure", arguments: [Field("_0", .string("offline"))])
    #expect(JSONForm(failure).text == #"{"failure":{"_0":"offline"}}"#)
    #expect(JSONForm(.dictionary([Entry(.int(2), .bool(true))])).text == #"[{"key":2,"value":true}]"#)
    #expect(JSONForm(.double(.infinity)).text == #"".infinity""#)
    #expect(JSONForm(.double(2)).text == "2.0")
  }
}
