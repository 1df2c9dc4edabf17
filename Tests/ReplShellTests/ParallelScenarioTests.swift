import Foundation
import TestSupport
import Testing

/// `--jobs`: scenarios that finish in another order than they started still print in the order
/// of their paths, byte for byte as one at a time. (How much they overlap is measured in
/// `Benchmarks/Jobs`, not here: wall-clock ratios on shared cores are noise in a unit test.)
@Suite(.timeLimit(.minutes(10)))
struct ParallelScenarioTests {
  /// The feed's delay for each scenario: the first is the slowest, so with several jobs they
  /// finish in about the reverse of their order. The feed may take as long as the machine needs
  /// (`--timeout 600`): on a loaded machine a 10 s silence is no failure of the order tested here.
  static let delays: [Duration] = [.milliseconds(1000), .milliseconds(800), .milliseconds(600), .milliseconds(400), .milliseconds(200), .zero]

  @Test func scenariosFinishingInReverseOrderPrintAsInSeries() async throws {
    let feed = try Data(contentsOf: projectRoot.appendingPathComponent("Scenarios/quakes-feed/all_hour.geojson"))
    var routes: [String: FixtureHTTPServer.Reply] = [:]
    for (index, delay) in Self.delays.enumerated() {
      routes["/feed\(index + 1)/all_hour.geojson"] = .respondAfter(delay, status: 200, body: feed)
    }
    try await FixtureHTTPServer.withServer(routes: routes) { server in
      let folder = try ScenarioFolder()
      defer { folder.remove() }
      for index in 1...Self.delays.count {
        try folder.write(
          "slow\(index).txt",
          """
          # scenario \(index), waiting \(Self.delays[index - 1]) for its feed
          use quakes --feed \(server.baseURL.absoluteString)feed\(index)/ --timeout 600
          dispatch quakeList.onTapRefreshQuakesButton(range: .allHour)
          select selectQuakesCount

          """)
        // Goldens that match any transcript of the scenario, but one: the comparison then covers
        // a failure and its diff as well.
        try folder.write("slow\(index).golden", index == 4 ? "not this\n" : "# scenario \(index), [..]\n...\n")
      }

      let serialScript = try await folder.replshell("--script", ".", "--jobs", "1")
      let parallelScript = try await folder.replshell("--script", ".", "--jobs", "3")
      #expect(serialScript.status == 0, "\(serialScript.standardError)")
      #expect(parallelScript.status == 0, "\(parallelScript.standardError)")
      let headers = serialScript.lines.filter { $0.hasPrefix("# scenario ") }.map { String($0.prefix { $0 != "," }) }
      #expect(headers == (1...Self.delays.count).map { "# scenario \($0)" })
      #expect(parallelScript.standardOutput == serialScript.standardOutput)
      #expect(parallelScript.standardError == serialScript.standardError)

      let serial = try await folder.replshell("--check", ".", "--jobs", "1", "--junit", "serial.xml")
      let parallel = try await folder.replshell("--check", ".", "--jobs", "3", "--junit", "parallel.xml")
      #expect(serial.status == 1 && parallel.status == 1)
      #expect(serial.lines.filter { $0.hasPrefix("ok: ") } == [1, 2, 3, 5, 6].map { "ok: ./slow\($0).txt matches slow\($0).golden" })
      #expect(serial.lines.last == "scenarios: 5 passed, 1 failed")
      #expect(parallel.standardOutput == serial.standardOutput)
      #expect(parallel.standardError == serial.standardError)
      #expect(try Self.withoutTimes(folder.read("parallel.xml")) == Self.withoutTimes(folder.read("serial.xml")))
    }
  }

  /// A JUnit report without its `time` attributes, which no two runs share.
  static func withoutTimes(_ xml: String) -> String {
    xml.replacingOccurrences(of: #" time="[0-9.]+""#, with: "", options: .regularExpression)
  }
}
