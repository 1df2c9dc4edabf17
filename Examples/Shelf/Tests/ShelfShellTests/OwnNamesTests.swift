import Foundation
import Testing

/// A client's shell speaks of the client's app: its help and its hints name the shelf's actions
/// and selectors and its own program, never the samples that ship with the library. (The
/// inspector page, which a client adds with ReplShellInspector, is checked in the library's
/// InspectorPlaceholderTests: its text holds no sample name.)
@Suite struct OwnNamesTests {
  /// Names of the library's sample domains that must not leak into another app's shell.
  static let sampleNames = [
    "didTapIncrementButton", "didTapDecrementButton", "selectValue", "animalList", "animalEditor", "categoryList",
    "onTapDeleteSelectedAnimalButton", "selectAnimals", "selectCategories", "quakeList", "selectQuakes", "Mammal",
    "replshell",
  ]

  @Test func helpAndHintsNameTheShelfAndNoSample() throws {
    let folder = try RuntimeFolder()
    let topics = ["", "dispatch", "select", "state", "expect", "invariant", "watch", "hide", "actions", "explore", "tail", "use"]
      + ["paths", "patterns", "predicates", "values"]
    let input = topics.map { "help \($0)\n" }.joined() + "tail\n"
    let run = try runShell([], input: input, in: folder)
    let printed = run.output + run.errors
    for name in Self.sampleNames {
      #expect(!printed.contains(name), "`\(name)` in:\n\(printed)")
    }
    #expect(printed.contains("attach to one with `shelfshell --attach`"), "\(printed)")
    #expect(printed.contains("example: watch selectCount"), "\(printed)")
  }

  @Test func shelfdHelpPrintsItsUsageAndStartsNothing() throws {
    let process = Process()
    process.executableURL = try Built.executable("shelfd")
    process.arguments = ["--help"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).hasPrefix("usage: shelfd"))
  }
}
