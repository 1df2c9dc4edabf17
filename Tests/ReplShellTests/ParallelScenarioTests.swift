import Foundation
import TestSupport
import Testing

/// `--jobs`: scenarios waiting on I/O overlap, and the run prints the same bytes as one at a time.
@Suite struct ParallelScenarioTests {
  @Test func sixScenariosWaitingOnASlowFeedOverlapAndPrintAsInSeries() async throws {
    let feed = try Data(contentsOf: projectRoot.appendingPathComponent("Scenarios/quakes-feed/all_hour.geojson"))
    let routes: [String: FixtureHTTPServer.Reply] = ["/all_hour.geojson": .respondAfter(.seconds(1), status: 200, body: feed)]
    try await FixtureHTTPServer.withServer(routes: routes) { server in
      let folder = try ScenarioFolder()
      defer { folder.remove() }
      for index in 1...6 {
        try folder.write(
          "slow\(index).txt",
          """
          use quakes --feed \(server.baseURL.absoluteString)
          dispatch quakeList.onTapRefreshQuakesButton(range: .allHour)
          select selectQuakesCount

          """)
      }
      let update = try await folder.replshell("--update", ".", "--jobs", "6")
      #expect(update.status == 0, "\(update.standardOutput)\(update.standardError)")
      // One mismatch, so the comparison covers a diff and a failure too.
      try folder.write("slow4.golden", try folder.read("slow4.golden") + "quakes> select selectQuakesCount\n")

      let serial = try await folder.replshell("--check", ".", "--jobs", "1", "--junit", "serial.xml")
      let parallel = try await folder.replshell("--check", ".", "--jobs", "3", "--junit", "parallel.xml")
      print("six slow scenarios: --jobs 1 took \(serial.duration), --jobs 3 took \(parallel.duration)")

      #expect(serial.status == 1 && parallel.status == 1)
      #expect(serial.lines.last == "scenarios: 5 passed, 1 failed")
      #expect(parallel.standardOutput == serial.standardOutput)
      #expect(parallel.standardError == serial.standardError)
      #expect(try Self.withoutTimes(folder.read("parallel.xml")) == Self.withoutTimes(folder.read("serial.xml")))
      #expect(serial.duration > .seconds(6))
      #expect(parallel.duration < serial.duration / 2)
    }
  }

  /// A JUnit report without its `time` attributes, which no two runs share.
  static func withoutTimes(_ xml: String) -> String {
    xml.replacingOccurrences(of: #" time="[0-9.]+""#, with: "", options: .regularExpression)
  }
}
