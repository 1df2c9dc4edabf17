import Foundation
import ReplShell
import ReplShellDomain
import ReplShellHost
import ReplShellSession
import TestSupport
import Testing

/// Properties of the value layer, checked through the shell as a user meets it, on generated
/// values: every value typed in any accepted spelling prints exactly as the printing rules say
/// (an oracle written without the shell's printer), and what prints reads back as an equal value.
@MainActor @Suite(.timeLimit(.minutes(10))) struct ValuePropertyTests {
  static let samples = 300

  /// The state: every crate dispatched. Not `Encodable`, so it prints by reflection.
  struct CrateState: Sendable {
    var crates: [PropertyCrate] = []
  }

  /// The one action.
  enum CrateAction: Decodable, Equatable, Sendable {
    case didReceive(crate: PropertyCrate)
  }

  static let domain = Domain(
    name: "crates", summary: "generated values",
    initialState: { CrateState() },
    reducer: { (state: CrateState, action: CrateAction) in
      var state = state
      switch action {
      case .didReceive(let crate): state.crates.append(crate)
      }
      return state
    },
    actionExamples: [
      .didReceive(
        crate: PropertyCrate(id: 0, name: "", isOpen: false, ratio: 0, note: nil, tags: [], counts: [:], shape: .point))
    ],
    selectors: [
      SelectorDefinition("selectLastTwoAreEqual") {
        { (state: CrateState) in state.crates.count >= 2 && state.crates[state.crates.count - 1] == state.crates[state.crates.count - 2] }
      }
    ])

  private func startedShell() async throws -> Shell {
    let shell = Shell(domains: [Self.domain], isScript: true, baseDirectory: FileManager.default.temporaryDirectory)
    _ = try await shell.start(domain: "crates")
    return shell
  }

  /// The reflection printer against the oracle: `history --full` prints the action on one line, and
  /// `state` prints the state over lines, both exactly as the generated tree says.
  @Test func reflectedValuesPrintAsTheRulesSay() async throws {
    let seed = PropertySeed(default: 20_251_123)
    var generator = CrateGenerator(seed: seed.value)
    let shell = try await startedShell()
    for sample in 0..<Self.samples {
      let crate = generator.crate()
      let dispatched = await shell.run("dispatch didReceive(crate: \(crate.typed))")
      try #require(dispatched.succeeded, "sample \(sample), \(seed): the shell rejected\n\(crate.typed)\n\(Self.text(dispatched))")
      let history = await shell.run("history --full")
      let state = await shell.run("state")
      let expected = PrintedValue.group(
        open: "ValuePropertyTests.CrateState(", close: ")",
        children: [("crates: ", .group(open: "[", close: "]", children: [("", crate.printed)]))])
      do {
        #expect(Self.text(history) == "1  didReceive(crate: \(crate.printed.singleLine))", "sample \(sample), \(seed), typed as\n\(crate.typed)")
        #expect(Self.text(state) == expected.lines().joined(separator: "\n"), "sample \(sample), \(seed), typed as\n\(crate.typed)")
      }
      _ = await shell.run("reset")
    }
    await shell.close()
  }

  /// The round trip: whatever a dispatch of an accepted line printed, typed back, is an equal
  /// value (compared by the type's own `==`) and prints the same again.
  @Test func whatPrintsReadsBackAsTheSameValue() async throws {
    let seed = PropertySeed(default: 77_017)
    var generator = CrateGenerator(seed: seed.value)
    let shell = try await startedShell()
    for sample in 0..<Self.samples {
      let crate = generator.crate()
      let first = await shell.run("dispatch didReceive(crate: \(crate.typed))")
      try #require(first.succeeded, "sample \(sample), \(seed): the shell rejected\n\(crate.typed)\n\(Self.text(first))")
      let printed = String(Self.text(await shell.run("history --full")).drop { $0 != " " }.drop { $0 == " " })
      let second = await shell.run("dispatch \(printed)")
      #expect(second.succeeded, "sample \(sample), \(seed): the shell printed a line it rejects:\n\(printed)\n\(Self.text(second))")
      let equal = Self.text(await shell.run("select selectLastTwoAreEqual"))
      let reprinted = Self.text(await shell.run("history --full")).split(separator: "\n").last.map { String($0.drop { $0 != " " }.drop { $0 == " " }) }
      do {
        #expect(equal == "true", "sample \(sample), \(seed): typed as\n\(crate.typed)\nprinted as\n\(printed)\nreads back as another value")
        #expect(reprinted == printed, "sample \(sample), \(seed)")
      }
      _ = await shell.run("reset")
    }
    await shell.close()
  }

  private static func text(_ result: Shell.Result) -> String {
    result.lines.map(\.text).joined(separator: "\n")
  }
}
