import Foundation
import TestSupport
import Testing

/// The interactive shell on a pseudo-terminal, driven key by key as a person drives it: Tab,
/// history across runs, errors, Ctrl-C during a slow side effect, the pager, Ctrl-D, colors.
@Suite(.timeLimit(.minutes(2)))
struct InteractiveShellTests {
  /// No colors and no pager unless a test asks for them, so the screen reads as plain text.
  static let plain = ["NO_COLOR": "1", "PAGER": ""]

  @Test func tabCompletesAnActionAndALabel() throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    let terminal = try TerminalSession(["animals"], in: folder.url, environment: Self.plain)
    try terminal.waitFor("animals> ")
    terminal.type("dispatch categoryList.onApp\t")
    try terminal.waitFor("dispatch categoryList.onAppear")
    terminal.type("\r")
    try terminal.waitFor("status: .waiting")
    try terminal.waitFor("animals> ")
    terminal.type("dispatch animalList.onAppear\r")
    try terminal.waitFor("didFetchAnimals")
    try terminal.waitFor("animals> ")
    terminal.type("dispatch animalList.onTapDeleteSelectedAnimalButton(anim\t")
    try terminal.waitFor("onTapDeleteSelectedAnimalButton(animalId:")
    terminal.type(" \"Cat\")\r")
    try terminal.waitFor("didDeleteAnimal(")
    try terminal.waitFor("animals> ")
    terminal.type("\u{4}")
    #expect(try terminal.exitStatus() == 0)
  }

  @Test func upAndCtrlRFindLinesOfAnEarlierRun() throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    let first = try TerminalSession(["counter"], in: folder.url, environment: Self.plain)
    try first.waitFor("counter> ")
    first.type("dispatch didTapIncrementButton\r")
    try first.waitFor("+   value: 1")
    first.type("select selectValue\r")
    try first.waitFor("\n1\n")
    try first.waitFor("counter> ")
    first.type("\u{4}")
    #expect(try first.exitStatus() == 0)
    let saved = try String(contentsOf: folder.url.appendingPathComponent("state/replshell/history"), encoding: .utf8)
    #expect(saved.contains("dispatch didTapIncrementButton") && saved.contains("select selectValue"), "\(saved)")

    let second = try TerminalSession(["counter"], in: folder.url, environment: Self.plain)
    try second.waitFor("counter> ")
    second.type("\u{1B}[A\r")  // Up: the last line of the first run, `select selectValue`, on a fresh counter
    try second.waitFor("select selectValue")
    try second.waitFor("\n0\n")
    try second.waitFor("counter> ")
    second.type("\u{12}Incre")  // Ctrl-R, then part of the dispatch
    try second.waitFor("dispatch didTapIncrementButton")
    second.type("\r")
    try second.waitFor("+   value: 1")
    try second.waitFor("counter> ")
    second.type("\u{4}")
    #expect(try second.exitStatus() == 0)
  }

  @Test func aBadLineIsOneErrorAndTheNextLineWorks() throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    let terminal = try TerminalSession(["counter"], in: folder.url, environment: Self.plain)
    try terminal.waitFor("counter> ")
    terminal.type("dispatch didTapIncrementButon\r")
    try terminal.waitFor("error: column 10: unknown action `didTapIncrementButon`")
    try terminal.waitFor("did you mean `didTapIncrementButton`")
    try terminal.waitFor("counter> ")
    terminal.type("dispatch didTapIncrementButton\r")
    try terminal.waitFor("-   value: 0\n+   value: 1")
    try terminal.waitFor("counter> ")
    terminal.type("quit\r")
    #expect(try terminal.exitStatus() == 0)
  }

  @Test func ctrlCStopsWaitingAndTheLateOutputShowsWithTheNextCommand() async throws {
    let feed = try Data(contentsOf: projectRoot.appendingPathComponent("Scenarios/quakes-feed/all_hour.geojson"))
    let routes: [String: FixtureHTTPServer.Reply] = ["/all_hour.geojson": .respondAfter(.seconds(2), status: 200, body: feed)]
    try await FixtureHTTPServer.withServer(routes: routes) { server in
      let folder = try ScenarioFolder()
      defer { folder.remove() }
      let terminal = try TerminalSession(["quakes"], in: folder.url, environment: Self.plain)
      try terminal.waitFor("quakes> ")
      terminal.type("use quakes --feed \(server.baseURL.absoluteString)\r")
      try terminal.waitFor("started quakes")
      try terminal.waitFor("quakes> ")
      terminal.type("dispatch quakeList.onTapRefreshQuakesButton(range: .allHour)\r")
      try terminal.waitFor("waiting for side effects")
      let interrupted = ContinuousClock.now
      terminal.type("\u{3}")
      try terminal.waitFor("quakes> ")
      #expect(ContinuousClock.now - interrupted < .seconds(2), "Ctrl-C returned to the prompt only when the feed answered")
      terminal.type("select selectQuakesStatus\r")
      try terminal.waitFor(".waiting")
      try terminal.waitFor("quakes> ")
      // Once the feed has answered, the next command shows what the listener dispatched meanwhile.
      var late = ""
      for _ in 0..<40 where !late.contains(".success") {
        try await Task.sleep(for: .milliseconds(500))
        terminal.type("select selectQuakesStatus\r")
        late = try terminal.waitFor("quakes> ")
      }
      #expect(late.contains("↳ data.persistentSession.remoteStore.didFetchQuakes(…)   (listener)"), "the listener's late dispatch shows with the next command:\n\(late)")
      #expect(late.hasSuffix("\n.success\n"), "\(late)")
      terminal.type("\u{4}")
      #expect(try terminal.exitStatus() == 0)
    }
  }

  @Test func aLongOutputGoesThroughThePagerAndQReturns() throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    let terminal = try TerminalSession(["animals"], in: folder.url, environment: ["NO_COLOR": "1"], rows: 8)
    try terminal.waitFor("animals> ")
    terminal.type("actions\r")
    let firstPage = terminal.settledScreen()
    #expect(!firstPage.contains("animals> "), "the prompt came back before the pager was left:\n\(firstPage)")
    let lastAction = "data.persistentSession.didDeleteAnimal("
    #expect(!firstPage.contains(lastAction), "the whole output was printed instead of paged:\n\(firstPage)")
    terminal.type("q")
    try terminal.waitFor("animals> ")
    terminal.type("select selectCategoriesValues(sort: \\.name)\r")
    try terminal.waitFor("animals> ")
    terminal.type("\u{4}")
    #expect(try terminal.exitStatus() == 0)
  }

  @Test func ctrlDLeavesWithStatusZeroAfterAnError() throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    let terminal = try TerminalSession(["counter"], in: folder.url, environment: Self.plain)
    try terminal.waitFor("counter> ")
    terminal.type("expect selectValue == 5\r")
    try terminal.waitFor("expectation failed")
    try terminal.waitFor("counter> ")
    terminal.type("\u{4}")
    #expect(try terminal.exitStatus() == 0)
  }

  @Test func colorsOnATerminalAndNoneWithNoColor() throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    let sgr = try Regex("\u{1B}\\[[0-9;]*m")
    for noColor in [false, true] {
      let terminal = try TerminalSession(["counter"], in: folder.url, environment: noColor ? Self.plain : ["PAGER": ""])
      try terminal.waitFor("counter> ")
      terminal.type("dispatch didTapIncrementButton\r")
      try terminal.waitFor("+   value: 1")
      try terminal.waitFor("counter> ")
      terminal.type("\u{4}")
      #expect(try terminal.exitStatus() == 0)
      let colored = terminal.rawOutput.contains(sgr)
      #expect(colored == !noColor, noColor ? "NO_COLOR is set, yet the output has colors" : "no colors on a terminal")
    }
  }
}
