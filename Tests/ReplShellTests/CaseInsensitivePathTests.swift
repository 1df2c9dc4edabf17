import Foundation
@testable import ReplShell
import Testing

@Suite struct CaseInsensitivePathTests {
  private let scenarios = projectRoot.appendingPathComponent("Scenarios").path

  @Test func anyCaseOfTheScenariosFolderNamesIt() {
    for folder in ["scenarios", "SCENARIOS", "sCeNaRiOs"] {
      let path = projectRoot.appendingPathComponent(folder).path
      #expect(CaseInsensitivePath.resolve(path + "/counter.txt") == scenarios + "/counter.txt")
      #expect(CaseInsensitivePath.resolve(path + "/") == scenarios + "/")
    }
  }

  @Test func theTreeHoldsNoSecondEntryForTheFolder() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: projectRoot.path)
    #expect(names.filter { $0.lowercased() == "scenarios" } == ["Scenarios"])
  }

  @Test func aScenarioRunFindsAScriptUnderALowerCaseFolder() {
    let collection = ScenarioCollection(paths: [projectRoot.appendingPathComponent("scenarios/counter.txt").path], orphans: false)
    #expect(collection.missing.isEmpty)
    #expect(collection.entries == [.script(scenarios + "/counter.txt")])
  }

  @Test func aPathThatExistsInNoCaseIsMissing() {
    #expect(CaseInsensitivePath.resolve(projectRoot.appendingPathComponent("scenarios/no-such.txt").path) == nil)
    #expect(ScenarioCollection(paths: ["no-such-folder/x.txt"], orphans: false).missing == ["no-such-folder/x.txt"])
  }
}
