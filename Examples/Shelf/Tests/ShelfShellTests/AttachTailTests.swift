import Foundation
import Testing

/// `tail` on a ticking `shelfd`: every action with its diff, `--only` and `hide`, Ctrl-C, and a
/// shell that never reads, for which the app drops lines instead of waiting.
@Suite(.timeLimit(.minutes(2)))
struct AttachTailTests {
  @Test func tailsEveryActionWithItsDiffUntilCtrlC() throws {
    let folder = try RuntimeFolder()
    let daemon = try Daemon(["--tick", "50"], in: folder)
    let shell = try ShellProcess(["--attach", String(daemon.pid)], in: folder)
    shell.send("tail")
    try shell.waitFor("→ onTapRemoveBook(title: \"Tick\")", count: 2)
    daemon.tap("add Emma")
    try shell.waitFor("→ onTapAddBook(title: \"Emma\")")
    kill(shell.process.processIdentifier, SIGINT)
    try shell.waitFor("stopped tailing")
    shell.send("select selectContains(title: \"Emma\")")
    try shell.closeInput()
    let run = try shell.finish()
    #expect(run.status == 0, "\(run.errors)")
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == "tailing every action the app dispatches; Ctrl-C stops")
    let emma = try #require(lines.firstIndex(of: "→ onTapAddBook(title: \"Emma\")"))
    #expect(lines[(emma + 1)...].prefix(6).contains("+     \"Emma\""), "\(lines[emma...].prefix(8))")
    #expect(lines.suffix(3) == ["stopped tailing", "true", ""])
  }

  @Test func onlyAndHideKeepActionsOut() throws {
    let folder = try RuntimeFolder()
    let daemon = try Daemon(["--tick", "30"], in: folder)
    for (setup, tail, kept, left) in [("", "tail --only onTapAdd", "onTapAddBook", "onTapRemoveBook"), ("hide onTapAddBook", "tail", "onTapRemoveBook", "onTapAddBook")] {
      let shell = try ShellProcess(["--attach", String(daemon.pid)], in: folder)
      if !setup.isEmpty { shell.send(setup) }
      shell.send(tail)
      try shell.waitFor("→ \(kept)", count: 3)
      kill(shell.process.processIdentifier, SIGINT)
      try shell.waitFor("stopped tailing")
      try shell.closeInput()
      let run = try shell.finish()
      #expect(run.status == 0)
      #expect(!run.output.contains("→ \(left)"), "\(tail): \(run.output)")
    }
  }

  /// A shell that asks for the tail and never reads: the app goes on ticking, the lines it
  /// cannot send are dropped and counted, and the shell is told how many when it reads again.
  @Test func aStuckShellGetsDroppedLinesNotASlowApp() throws {
    let folder = try RuntimeFolder()
    let daemon = try Daemon(["--tick", "1"], in: folder)
    let stuck = try RawClient(path: daemon.socketPath)
    stuck.hello()
    stuck.frame(#"{"line":"tail","request":"line"}"#)
    // Meanwhile other shells are answered, one after another.
    var answered = 0
    for _ in 0..<4 {
      answered += try runShell(["--attach", String(daemon.pid)], input: "select selectCount\n", in: folder, within: 30).status == 0 ? 1 : 0
    }
    #expect(answered > 3)
    // And the app goes on: two thousand ticks more than it had made by then, whatever the load.
    let then = try daemon.ticked(atLeast: 0)
    try daemon.ticked(atLeast: then + 2_000)
    // Reading again makes room: the next line says how many were dropped meanwhile. The tail's
    // diffs are described at the lowest priority, so on a loaded machine they may lag the ticks:
    // the shell reads until the tail has accounted for over a thousand actions, however long.
    func counts(_ read: String) -> (delivered: Int, dropped: Int) {
      let delivered = read.components(separatedBy: "\"origin\":\"app\"").count - 1 + read.components(separatedBy: "\"origin\": \"app\"").count - 1
      let dropped = read.components(separatedBy: "tail dropped ").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }.reduce(0, +)
      return (delivered, dropped)
    }
    let read = stuck.readAll(quiet: 60, within: 60) { text in
      let (delivered, dropped) = counts(text)
      return dropped > 0 && delivered + dropped > 1_000
    }.text
    let (delivered, dropped) = counts(read)
    #expect(dropped > 0, "no drop was reported; \(delivered) lines were delivered")
    // The app dispatched far more than a stuck shell could take: it never waited for it.
    #expect(delivered + dropped > 1_000, "delivered \(delivered), dropped \(dropped)")
  }
}
