import Foundation
import Testing

/// `shelfshell --attach` on a real `shelfd`: listing, the live state, refused writes, writes that
/// the app allows, and a fork.
@Suite(.timeLimit(.minutes(2)))
struct AttachTests {
  @Test func listsTheRunningAppAndAttachesByPidNameAndPath() throws {
    let folder = try RuntimeFolder()
    let daemon = try Daemon(in: folder)
    let listing = try runShell(["--attach"], in: folder)
    #expect(listing.status == 0)
    let row = listing.output.split(separator: "\n").first { $0.hasPrefix("shelfd") }.map { $0.split(separator: " ").map(String.init) }
    #expect(row?[0...2] == ["shelfd", "shelf", String(daemon.pid)])
    #expect(row?.last == "read-only")
    for target in [String(daemon.pid), "shelfd", daemon.socketPath] {
      let run = try runShell(["--attach", target], input: "select selectCount\n", in: folder)
      #expect(run.status == 0, "\(target): \(run.errors)")
      #expect(run.output == "3\n", "\(target)")
    }
  }

  @Test func socketIsPrivateToTheUser() throws {
    let folder = try RuntimeFolder()
    let daemon = try Daemon(in: folder)
    let socket = try FileManager.default.attributesOfItem(atPath: daemon.socketPath)
    let directory = try FileManager.default.attributesOfItem(atPath: folder.path + "/replshell")
    #expect((socket[.posixPermissions] as? Int) == 0o600)
    #expect((directory[.posixPermissions] as? Int) == 0o700)
    #expect(daemon.socketPath == folder.path + "/replshell/shelfd-\(daemon.pid).sock")
  }

  @Test func readsTheLiveStateAndRefusesWritesUndoAndUse() throws {
    let folder = try RuntimeFolder()
    let daemon = try Daemon(in: folder)
    daemon.tap("add Emma")
    let titles = try eventually(in: folder, daemon, "state titles") { $0.contains("Emma") }
    #expect(titles == "[\"Middlemarch\", \"Persuasion\", \"The Leopard\", \"Emma\"]\n")
    let refused = [
      ("dispatch onTapAddBook(title: \"Dune\")", "the live store is read-only: the app opened its attachment without writes; type `fork`"),
      ("undo", "undo, redo and jump are not offered on a live store"),
      ("jump 0", "undo, redo and jump are not offered on a live store"),
      ("use shelf", "this shell is attached to shelf@\(daemon.pid), which it cannot replace: type `fork`"),
      ("save x.txt", "`save` writes a session that starts with `use`, and no scenario can rebuild the state of shelf@\(daemon.pid)"),
      ("source x.txt", "`source` would run a script's lines on the live store of shelf@\(daemon.pid), inside the app; type `fork`"),
    ]
    for (line, message) in refused {
      let run = try runShell(["--attach", String(daemon.pid)], input: line + "\n", in: folder)
      #expect(run.status == 1, "\(line)")
      #expect(run.output.hasPrefix("error: <stdin>:1:") && run.output.contains(message), "\(line): \(run.output)")
    }
    let after = try runShell(["--attach", String(daemon.pid)], input: "select selectCount\n", in: folder)
    #expect(after.output == "4\n")
  }

  @Test func dispatchesThroughTheAppsListenersWhenItAllowsWrites() throws {
    let folder = try RuntimeFolder()
    let daemon = try Daemon(["--allow-writes"], in: folder)
    let run = try runShell(["--attach", String(daemon.pid)], input: "dispatch onTapAddBook(title: \"Dune\")\ndispatch onTapLendBook(title: \"Dune\")\n", in: folder)
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    #expect(run.output.contains("+     \"Dune\""))
    // The app's own listener recorded the loan: another shell sees it in the live state.
    let loans = try eventually(in: folder, daemon, "state loans") { $0.contains("title: \"Dune\"") }
    #expect(loans.contains("title: \"Dune\""), "\(loans)")
  }

  @Test func forkLeavesTheAppAloneAndAttachReturns() throws {
    let folder = try RuntimeFolder()
    let daemon = try Daemon(in: folder)
    let lines = [
      "fork", "dispatch onTapAddBook(title: \"Dune\")", "select selectCount", "undo", "dispatch onTapRemoveBook(title: \"Persuasion\")",
      "attach", "select selectCount",
    ]
    let run = try runShell(["--attach", String(daemon.pid)], input: lines.joined(separator: "\n") + "\n", in: folder)
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    let printed = run.output.split(separator: "\n").map(String.init)
    #expect(printed.first == "forked the live state into a sandbox: no listeners run, and the app is not touched; `attach` returns to it")
    #expect(printed.contains("4"))
    #expect(printed.contains("undid 1: onTapAddBook(title: \"Dune\")"))
    #expect(printed.contains("back on the live store; the fork is gone"))
    #expect(printed.last == "3")
    let other = try runShell(["--attach", String(daemon.pid)], input: "select selectContains(title: \"Persuasion\")\n", in: folder)
    #expect(other.output == "true\n")
  }

  /// A watch on the live state fires on the app's own actions; what changed prints with the next
  /// line, as a listener's late work does in a local session.
  @Test func watchesFireOnTheAppsOwnActions() throws {
    let folder = try RuntimeFolder()
    let daemon = try Daemon(in: folder)
    let shell = try ShellProcess(["--attach", String(daemon.pid)], in: folder)
    shell.send("watch selectCount")
    try shell.waitFor("watching selectCount → 3")
    daemon.tap("add Emma")
    _ = try eventually(in: folder, daemon, "select selectCount") { $0 == "4\n" }
    // The app's action reaches this shell's session through the tap a moment later, however long
    // that takes: each line reads the live state (Emma is there), and the watch fires with the
    // first line after the action arrived.
    var asked = 0
    repeat {
      shell.send("select selectContains(title: \"Emma\")")
      asked += 1
    } while !(try shell.waitFor("true\n", count: asked)).contains("watch selectCount → 4")
    try shell.closeInput()
    let run = try shell.finish()
    let before = String(repeating: "true\n", count: asked - 1)
    #expect(run.output == "watching selectCount → 3\n" + before + "watch selectCount → 4\ntrue\n", "\(run.output)")
  }

  @Test func helpDescribesTheAttachCommands() throws {
    let folder = try RuntimeFolder()
    let daemon = try Daemon(in: folder)
    let run = try runShell(["--attach", String(daemon.pid)], input: "help fork\nhelp\n", in: folder)
    #expect(run.output.contains("usage: fork"))
    // `help` lists them under their own heading, a line each.
    #expect(run.output.contains("\nLive apps\n"), "\(run.output)")
    for command in ["tail", "fork", "attach"] {
      #expect(run.output.contains("\n  \(command) "), "\(command)")
    }
  }
}

/// What `line` prints in a shell attached to `daemon` once `holds` is true of it: the app's own
/// taps and listeners take a moment. Fails after a minute (a guard against a hang, not a
/// measure: the shell asks again until it holds) with the last output.
func eventually(in folder: RuntimeFolder, _ daemon: Daemon, _ line: String, _ holds: (String) -> Bool) throws -> String {
  let deadline = Date().addingTimeInterval(60)
  var output = ""
  while Date() < deadline {
    output = try runShell(["--attach", String(daemon.pid)], input: line + "\n", in: folder).output
    if holds(output) { return output }
    usleep(50_000)
  }
  throw Failure("`\(line)` never printed what was expected; last: \(output)")
}
