import Foundation
import TestSupport
import Testing

/// The interactive shell on a pseudo-terminal, driven key by key as a person drives it: Tab,
/// history across runs, errors, Ctrl-C during a slow side effect, the pager, Ctrl-D, colors.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct InteractiveShellTests {
  /// No colors and no pager unless a test asks for them, so the screen reads as plain text.
  static let plain = ["NO_COLOR": "1", "PAGER": ""]

  @Test func tabCompletesAnActionAndALabel() async throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    let terminal = try TerminalSession(["animals"], in: folder.url, environment: Self.plain)
    try await terminal.waitFor("animals> ")
    terminal.type("dispatch categoryList.onApp\t")
    try await terminal.waitFor("dispatch categoryList.onAppear")
    terminal.type("\r")
    try await terminal.waitFor("status: .waiting")
    try await terminal.waitFor("animals> ")
    terminal.type("dispatch animalList.onAppear\r")
    try await terminal.waitFor("didFetchAnimals")
    try await terminal.waitFor("animals> ")
    terminal.type("dispatch animalList.onTapDeleteSelectedAnimalButton(anim\t")
    try await terminal.waitFor("onTapDeleteSelectedAnimalButton(animalId:")
    terminal.type(" \"Cat\")\r")
    try await terminal.waitFor("didDeleteAnimal(")
    try await terminal.waitFor("animals> ")
    terminal.type("\u{4}")
    #expect(try await terminal.exitStatus() == 0)
  }

  @Test func upAndCtrlRFindLinesOfAnEarlierRun() async throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    let first = try TerminalSession(["counter"], in: folder.url, environment: Self.plain)
    try await first.waitFor("counter> ")
    first.type("dispatch didTapIncrementButton\r")
    try await first.waitFor("+   value: 1")
    first.type("select selectValue\r")
    try await first.waitFor("\n1\n")
    try await first.waitFor("counter> ")
    first.type("\u{4}")
    #expect(try await first.exitStatus() == 0)
    let saved = try String(contentsOf: folder.url.appendingPathComponent("state/replshell/history"), encoding: .utf8)
    #expect(saved.contains("dispatch didTapIncrementButton") && saved.contains("select selectValue"), "\(saved)")

    let second = try TerminalSession(["counter"], in: folder.url, environment: Self.plain)
    try await second.waitFor("counter> ")
    second.type("\u{1B}[A\r")  // Up: the last line of the first run, `select selectValue`, on a fresh counter
    try await second.waitFor("select selectValue")
    try await second.waitFor("\n0\n")
    try await second.waitFor("counter> ")
    second.type("\u{12}Incre")  // Ctrl-R, then part of the dispatch
    try await second.waitFor("dispatch didTapIncrementButton")
    second.type("\r")
    try await second.waitFor("+   value: 1")
    try await second.waitFor("counter> ")
    second.type("\u{4}")
    #expect(try await second.exitStatus() == 0)
  }

  @Test func aBadLineIsOneErrorAndTheNextLineWorks() async throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    let terminal = try TerminalSession(["counter"], in: folder.url, environment: Self.plain)
    try await terminal.waitFor("counter> ")
    terminal.type("dispatch didTapIncrementButon\r")
    try await terminal.waitFor("error: column 10: unknown action `didTapIncrementButon`")
    try await terminal.waitFor("did you mean `didTapIncrementButton`")
    try await terminal.waitFor("counter> ")
    terminal.type("dispatch didTapIncrementButton\r")
    try await terminal.waitFor("-   value: 0\n+   value: 1")
    try await terminal.waitFor("counter> ")
    terminal.type("quit\r")
    #expect(try await terminal.exitStatus() == 0)
  }

  @Test func ctrlCStopsWaitingAndTheLateOutputShowsWithTheNextCommand() async throws {
    let feed = try Data(contentsOf: projectRoot.appendingPathComponent("Scenarios/quakes-feed/all_hour.geojson"))
    // The feed answers only once the test has seen the prompt come back: Ctrl-C must not wait for it.
    let feedAnswers = FixtureHTTPServer.Gate()
    let routes: [String: FixtureHTTPServer.Reply] = ["/all_hour.geojson": .respondWhenOpened(feedAnswers, status: 200, body: feed)]
    try await FixtureHTTPServer.withServer(routes: routes) { server in
      let folder = try ScenarioFolder()
      defer { folder.remove() }
      // A failure before the gate opens must not leave the request held.
      defer { feedAnswers.open() }
      let terminal = try TerminalSession(["quakes"], in: folder.url, environment: Self.plain)
      try await terminal.waitFor("quakes> ")
      terminal.type("use quakes --feed \(server.baseURL.absoluteString)\r")
      try await terminal.waitFor("started quakes")
      try await terminal.waitFor("quakes> ")
      terminal.type("dispatch quakeList.onTapRefreshQuakesButton(range: .allHour)\r")
      try await terminal.waitFor("waiting for side effects")
      terminal.type("\u{3}")
      // The feed is held until the gate opens below: the prompt can only have come back through Ctrl-C.
      try await terminal.waitFor("quakes> ")
      terminal.type("select selectQuakesStatus\r")
      try await terminal.waitFor(".waiting")
      try await terminal.waitFor("quakes> ")
      feedAnswers.open()
      // Once the feed has answered, the next command shows what the listener dispatched meanwhile.
      // The test asks until it has (however long the machine takes; the suite's limit guards it).
      var late = ""
      while !late.contains(".success") {
        try await Task.sleep(for: .milliseconds(200))
        terminal.type("select selectQuakesStatus\r")
        late = try await terminal.waitFor("quakes> ")
      }
      #expect(late.contains("↳ data.persistentSession.remoteStore.didFetchQuakes(…)   (listener)"), "the listener's late dispatch shows with the next command:\n\(late)")
      #expect(late.hasSuffix("\n.success\n"), "\(late)")
      terminal.type("\u{4}")
      #expect(try await terminal.exitStatus() == 0)
    }
  }

  @Test func aLongOutputGoesThroughThePagerAndQReturns() async throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    let terminal = try TerminalSession(["animals"], in: folder.url, environment: ["NO_COLOR": "1"], rows: 8)
    try await terminal.waitFor("animals> ")
    terminal.type("actions\r")
    // The pager's first page has begun to show; what follows it once the screen is still is the rest of it.
    try await terminal.waitFor("ui.categoryList.onAppear")
    let firstPage = await terminal.settledScreen()
    #expect(!firstPage.contains("animals> "), "the prompt came back before the pager was left:\n\(firstPage)")
    let lastAction = "data.persistentSession.didDeleteAnimal("
    #expect(!firstPage.contains(lastAction), "the whole output was printed instead of paged:\n\(firstPage)")
    terminal.type("q")
    try await terminal.waitFor("animals> ")
    terminal.type("select selectCategoriesValues(sort: \\.name)\r")
    try await terminal.waitFor("animals> ")
    terminal.type("\u{4}")
    #expect(try await terminal.exitStatus() == 0)
  }

  @Test func ctrlDLeavesWithStatusZeroAfterAnError() async throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    let terminal = try TerminalSession(["counter"], in: folder.url, environment: Self.plain)
    try await terminal.waitFor("counter> ")
    terminal.type("expect selectValue == 5\r")
    try await terminal.waitFor("expectation failed")
    try await terminal.waitFor("counter> ")
    terminal.type("\u{4}")
    #expect(try await terminal.exitStatus() == 0)
  }

  @Test func colorsOnATerminalAndNoneWithNoColor() async throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    let sgr = try Regex("\u{1B}\\[[0-9;]*m")
    for noColor in [false, true] {
      let terminal = try TerminalSession(["counter"], in: folder.url, environment: noColor ? Self.plain : ["PAGER": ""])
      try await terminal.waitFor("counter> ")
      terminal.type("dispatch didTapIncrementButton\r")
      try await terminal.waitFor("+   value: 1")
      try await terminal.waitFor("counter> ")
      terminal.type("\u{4}")
      #expect(try await terminal.exitStatus() == 0)
      let colored = terminal.rawOutput.contains(sgr)
      #expect(colored == !noColor, noColor ? "NO_COLOR is set, yet the output has colors" : "no colors on a terminal")
    }
  }
}
