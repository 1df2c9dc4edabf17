import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// `--review` at a terminal: one key per failing scenario, through the built `replshell` with a
/// pseudo-terminal on its standard input.
@Suite struct ReviewTerminalTests {
  static let counting = "use counter\ndispatch didTapIncrementButton\nselect selectValue\n"
  static let prompt = "accept (a), reject (r), skip (s), accept all the rest (A), quit (q)? "

  @Test func keysAcceptRejectAndSkipThenASummary() async throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    for name in ["a", "b", "c"] {
      try folder.write("\(name).txt", Self.counting)
    }
    _ = try await folder.replshell("--update", ".")
    for name in ["a", "b", "c"] {
      try folder.write("\(name).txt", Self.counting + "select selectValue\n")
    }
    let before = try folder.read("b.golden")
    _ = try await folder.replshell("--check", ".")
    #expect(folder.contains("b.golden.new") && folder.contains("c.golden.new"))

    let run = try await Self.review(in: folder, keys: ["a", "r", "s"])
    #expect(run.status == 1)
    #expect(run.output.contains("[1/3] ./a.txt\n--- a.golden"))
    #expect(run.output.hasSuffix("a.golden\nreview: 1 accepted, 1 rejected, 1 skipped\n"))
    #expect(try folder.read("a.golden").hasSuffix("1\ncounter> select selectValue\n1\n"))
    #expect(try folder.read("b.golden") == before)
    #expect(!folder.contains("a.golden.new") && !folder.contains("b.golden.new") && folder.contains("c.golden.new"))
  }

  /// Runs `replshell --review .` in `folder` with a pseudo-terminal as standard input, typing one
  /// of `keys` each time the question appears; returns its exit status and standard output.
  static func review(in folder: ScenarioFolder, keys: [String]) async throws -> (status: Int32, output: String) {
    var controller: Int32 = 0
    var terminal: Int32 = 0
    try #require(openpty(&controller, &terminal, nil, nil, nil) == 0)
    defer { close(controller) }
    let outputURL = folder.url.appendingPathComponent("review.out")
    try Data().write(to: outputURL)
    let process = Process()
    process.executableURL = try ReplShellRun.executable
    process.arguments = ["--review", "."]
    process.currentDirectoryURL = folder.url
    process.standardInput = FileHandle(fileDescriptor: terminal, closeOnDealloc: true)
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = FileHandle.nullDevice
    try process.run()
    for (index, key) in keys.enumerated() {
      let deadline = ContinuousClock.now + .seconds(30)
      while try String(contentsOf: outputURL, encoding: .utf8).components(separatedBy: prompt).count <= index + 1,
        ContinuousClock.now < deadline
      {
        try await Task.sleep(for: .milliseconds(20))
      }
      try await Task.sleep(for: .milliseconds(50))
      _ = key.utf8CString.withUnsafeBufferPointer { write(controller, $0.baseAddress, 1) }
    }
    while process.isRunning {
      try await Task.sleep(for: .milliseconds(20))
    }
    return (process.terminationStatus, try String(contentsOf: outputURL, encoding: .utf8))
  }
}
