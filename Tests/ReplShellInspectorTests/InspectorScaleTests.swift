import Foundation
import TestSupport
import Testing

/// The inspector over 64,000 quakes (a synthetic USGS feed read by the real Quakes domain): the
/// page loads, opens the 64k-entry dictionary a page at a time, searches it, and shows each live
/// event. The figures are printed, not asserted: timings belong to no unit test (see the README's
/// "The web inspector" for those measured). Set INSPECTOR_SCREENSHOTS to keep a screenshot.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct InspectorScaleTests {
  static let quakeCount = 64_000

  static let script = """
    use quakes --feed feed/
    dispatch quakeList.onTapRefreshQuakesButton(range: .allMonth)
    select selectQuakesCount

    """

  @Test func sixtyFourThousandQuakes() async throws {
    try await InspectedShell.with(script: Self.script, prepare: SyntheticFeed.write) { shell in
      try await shell.waitForTranscript(containing: "quakes> select selectQuakesCount\n64000")
      try await WebDriver.with(logPath: shell.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await measure(shell, driver)
      }
    }
  }

  private func measure(_ shell: InspectedShell, _ driver: WebDriver) async throws {
    try await driver.open(shell.address)
    try await driver.wait(until: "document.body.dataset.ready === 'true'")
    let interactive = try await driver.run("return Math.round(Inspector.stats.loadedAt);")

    // Open `quakes`, then its 64k-entry `data`: the first 500 arrive, with a button for the rest.
    let opened = try await driver.runAsync("""
      const start = performance.now();
      const item = (path) => document.querySelector(`#tree li[data-path='${JSON.stringify(path)}']`);
      item(["quakes"]).querySelector(".toggle").click();
      const poll = () => {
        const quakes = item(["quakes"]);
        const data = item(["quakes", "data"]);
        if (data && data.getAttribute("aria-expanded") === "false") data.querySelector(".toggle").click();
        if (data && data.querySelectorAll("li[role=treeitem]").length >= 500) finish(Math.round(performance.now() - start));
        else setTimeout(poll, 5);
      };
      poll();
      """)
    #expect(try await driver.text("#tree").contains("63,500 more of 64,000"))

    // Search by key for the last quake: the way to it is opened a page at a time.
    let searched = try await driver.runAsync("""
      const start = performance.now();
      document.getElementById("search").value = "bench063999";
      document.getElementById("search-form").requestSubmit();
      const poll = () => {
        if (document.querySelector("#tree li.match")) finish(Math.round(performance.now() - start));
        else setTimeout(poll, 5);
      };
      poll();
      """)
    #expect(try await driver.text("#matches") == "Match 1 of 1: quakes.data.bench063999")

    // By path (the shell's path language) and by value: the reply's round trip (the server's
    // search of the 64k state and the way back), and until the match is drawn and marked.
    var searches: [String: String] = [:]
    for (field, query) in [("path", #"quakes.data["bench032000"].magnitude"#), ("value", "bench063998")] {
      searches[field] = try await driver.runAsync("""
        Inspector.stats.searchTimes = []; Inspector.stats.searchShownTimes = [];
        document.getElementById("search-field").value = "\(field)";
        document.getElementById("search").value = \(String(reflecting: query));
        document.getElementById("search-form").requestSubmit();
        const poll = () => {
          if (Inspector.stats.searchShownTimes.length > 0) finish([Inspector.stats.searchTimes[0], Inspector.stats.searchShownTimes[0]].map(Math.round).join(" ms reply, ") + " ms drawn");
          else setTimeout(poll, 5);
        };
        poll();
        """)
      let matches = try await driver.text("#matches")
      #expect(matches.hasPrefix("Match 1 of"), "\(field): \(matches)")
    }

    // Twenty dispatches sent from the page, each deleting a quake: how late each event shows.
    try await driver.run("Inspector.stats.latencies = []; return 0;")
    for index in 1...20 {
      _ = try await driver.runAsync("Inspector.run('dispatch quakeList.onTapDeleteSelectedQuakeButton(quakeId: \"bench\(String(format: "%06d", index))\")').then(() => finish(0));")
    }
    try await shell.waitForTranscript(containing: "quakes> dispatch quakeList.onTapDeleteSelectedQuakeButton(quakeId: \"bench000020\")")
    try await driver.wait(until: "[...document.querySelectorAll('#log li .action')].some((a) => a.textContent.includes('bench000020'))")
    // The tree follows: the opened levels are open again on the new state, the deleted quake gone.
    try await driver.wait(until: """
      document.querySelector(`#tree li[data-path='["quakes","data","bench000021"]']`) !== null
        && document.querySelector(`#tree li[data-path='["quakes","data","bench000020"]']`) === null
      """)
    let latencies = try JSONDecoder().decode([Double].self, from: Data(try await driver.run("return Inspector.stats.latencies;").utf8)).sorted()
    #expect(!latencies.isEmpty)
    let median = latencies.isEmpty ? 0 : latencies[latencies.count / 2]
    let worst = latencies.last ?? 0
    print("""
      inspector figures, \(Self.quakeCount) quakes (\(ProcessInfo.processInfo.environment["INSPECTOR_REPLSHELL"] ?? "the replshell beside the tests"), loopback, headless Chromium):
        page interactive (log and tree drawn) \(interactive) ms after navigation
        quakes.data opened (first 500 of 64,000) in \(opened) ms
        search by key to the last quake, way opened and marked, in \(searched) ms
        search by path: \(searches["path"] ?? "-"); by value: \(searches["value"] ?? "-")
        live events: \(latencies.count), emitted → drawn median \(Int(median.rounded())) ms, worst \(Int(worst.rounded())) ms
      """)
    if let folder = ProcessInfo.processInfo.environment["INSPECTOR_SCREENSHOTS"] {
      try await driver.screenshot().write(to: URL(fileURLWithPath: folder).appendingPathComponent("inspector-quakes.png"))
    }
  }
}

/// A USGS-style feed folder: `all_month.geojson` with `InspectorScaleTests.quakeCount` quakes
/// (the figures of the benchmarks' synthetic quakes), the shorter feeds empty.
enum SyntheticFeed {
  static func write(into folder: URL) throws {
    let feed = folder.appendingPathComponent("feed")
    try FileManager.default.createDirectory(at: feed, withIntermediateDirectories: true)
    let start = 1_704_067_200_000
    var features: [String] = []
    features.reserveCapacity(InspectorScaleTests.quakeCount)
    for index in 0..<InspectorScaleTests.quakeCount {
      let time = start + (index % 604_800) * 1000
      let magnitude = 0.5 + Double((index * 7) % 70) / 10
      let longitude = -125 + Double(index % 1000) / 100
      let latitude = 32 + Double(index % 800) / 100
      features.append(
        "{\"type\":\"Feature\",\"properties\":{\"mag\":\(magnitude),\"place\":\"\(index % 97 + 1)km NW of Benchmark Springs, CA\",\"time\":\(time),\"updated\":\(time + 60_000)},\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(longitude),\(latitude),5.0]},\"id\":\"bench\(String(format: "%06d", index))\"}")
    }
    let empty = "{\"type\":\"FeatureCollection\",\"metadata\":{\"generated\":1704067200000,\"count\":0},\"features\":[]}"
    try ("{\"type\":\"FeatureCollection\",\"metadata\":{\"generated\":1704067200000,\"count\":\(features.count)},\"features\":[" + features.joined(separator: ",") + "]}")
      .write(to: feed.appendingPathComponent("all_month.geojson"), atomically: true, encoding: .utf8)
    for name in ["all_week", "all_day", "all_hour"] {
      try empty.write(to: feed.appendingPathComponent("\(name).geojson"), atomically: true, encoding: .utf8)
    }
  }
}
