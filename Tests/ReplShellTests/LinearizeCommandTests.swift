import Foundation
import Testing

/// `replshell linearize` on the command line: verdicts, the witness, `--html`, and the exit
/// statuses a script tests (0, 1, 2 for unknown, 65 with file:line, 64 for the command line).
@Suite(.timeLimit(.minutes(10))) struct LinearizeCommandTests {
  let lostAppend = """
    {:process 0, :type :invoke, :f :put, :key "cart", :value "apple"}
    {:process 0, :type :ok, :f :put, :key "cart", :value "apple"}
    {:process 1, :type :invoke, :f :append, :key "cart", :value ",pear"}
    {:process 1, :type :ok, :f :append, :key "cart", :value ",pear"}
    {:process 2, :type :invoke, :f :append, :key "cart", :value ",fig"}
    {:process 2, :type :ok, :f :append, :key "cart", :value ",fig"}
    {:process 0, :type :invoke, :f :get, :key "cart", :value nil}
    {:process 0, :type :ok, :f :get, :key "cart", :value "apple,fig"}

    """

  private func inFolder(_ body: (URL) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linearize-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try await body(folder)
  }

  @Test func aLostAppendIsShrunkToItsWitnessAndDrawn() async throws {
    try await inFolder { folder in
      try lostAppend.write(to: folder.appendingPathComponent("h.edn"), atomically: true, encoding: .utf8)
      let run = try await ReplShellRun.run(["linearize", "--domain", "kv", "--html", "w.html", "h.edn"], in: folder)
      #expect(run.status == 1, "\(run.standardError)")
      #expect(run.lines.first?.hasPrefix("h.edn: not linearizable (4 operations, 3 clients, ") == true, "\(run.standardOutput)")
      #expect(run.standardOutput.contains("witness in partition \"cart\": 4 of 4 operations, 3 of 3 clients"), "\(run.standardOutput)")
      #expect(run.standardOutput.contains(#"cannot place: get → "apple,fig" (process 0, line 7): the get saw "apple,fig" but "cart" holds "apple,pear,fig""#), "\(run.standardOutput)")
      let page = try String(contentsOf: folder.appendingPathComponent("w.html"), encoding: .utf8)
      #expect(page.contains("class=\"op ok witness blocked\""))
      // Refused before the check runs, not after it.
      let again = try await ReplShellRun.run(["linearize", "--domain", "kv", "--html", "w.html", "h.edn"], in: folder)
      #expect(again.status == 64 && again.standardError.contains("cannot write w.html: it exists; add --force to replace it"), "\(again.standardError)")
      #expect(again.standardOutput.isEmpty, "\(again.standardOutput)")
    }
  }

  /// `--html` on a FIFO, even with `--force`, is refused at once, before the check: the page is
  /// never written into a pipe, and the shell never waits for a reader. So is `stress --save`.
  @Test func aFIFOInPlaceOfThePageOrTheHistoryIsRefusedWithoutWaiting() async throws {
    try await inFolder { folder in
      try lostAppend.write(to: folder.appendingPathComponent("h.edn"), atomically: true, encoding: .utf8)
      #expect(mkfifo(folder.appendingPathComponent("w.html").path, 0o600) == 0)
      let run = try await ReplShellRun.run(["linearize", "--domain", "kv", "--html", "w.html", "--force", "h.edn"], in: folder)
      #expect(run.status == 64 && run.standardError.contains("cannot write w.html: it is a FIFO, not a regular file"), "\(run.standardError)")
      let stress = try await ReplShellRun.run(["stress", "--server", "http://127.0.0.1:9", "--save", "w.html", "--force"], in: folder)
      #expect(stress.status == 64 && stress.standardError.contains("cannot write w.html: it is a FIFO, not a regular file"), "\(stress.standardError)")
    }
  }

  @Test func statusesForLinearizableMalformedAndUnknownHistories() async throws {
    try await inFolder { folder in
      try "{:process 0, :type :invoke, :f :write, :value 1}\n{:process 0, :type :ok, :f :write, :value 1}\n"
        .write(to: folder.appendingPathComponent("ok.edn"), atomically: true, encoding: .utf8)
      try "{:process 0, :type :invoke, :f :write, :value 1}\n{:process 0 :type :ok\n"
        .write(to: folder.appendingPathComponent("bad.edn"), atomically: true, encoding: .utf8)
      let ok = try await ReplShellRun.run(["linearize", "ok.edn"], in: folder)
      #expect(ok.status == 0 && ok.standardOutput.hasPrefix("ok.edn: linearizable (1 operations, 1 clients"), "\(ok.standardOutput)")
      let bad = try await ReplShellRun.run(["linearize", "ok.edn", "bad.edn"], in: folder)
      #expect(bad.status == 65 && bad.standardError.contains("bad.edn:2:1: `{` opened here is not closed on this line"), "\(bad.standardError)")
      #expect(bad.standardOutput.contains("histories: 1 linearizable, 0 not, 0 unknown, 1 unreadable"), "\(bad.standardOutput)")
      let model = try await ReplShellRun.run(["linearize", "--domain", "kvv", "ok.edn"], in: folder)
      #expect(model.status == 64 && model.standardError.contains("unknown model 'kvv'; did you mean 'kv'?"), "\(model.standardError)")
      let timeout = try await ReplShellRun.run(["linearize", "--timeout", "soon", "ok.edn"], in: folder)
      #expect(timeout.status == 64 && timeout.standardError.contains("--timeout takes a duration such as `500ms`"), "\(timeout.standardError)")
    }
  }

  /// Every check is bounded and says what ran out: a search past its steps is unknown (status 2)
  /// naming the option to raise, on the command line as in a script; an op whose `:process` is
  /// not a client's number is an error at its column, not a skipped op of a passing history.
  @Test func limitsAndProcessesThatAreNotNumbers() async throws {
    try await inFolder { folder in
      var lines = (0..<40).map { "{:process \($0), :type :invoke, :f :write, :value \($0)}" }
      lines += ["{:process 99, :type :invoke, :f :read, :value nil}", "{:process 99, :type :ok, :f :read, :value 77}"]
      lines += (0..<40).map { "{:process \($0), :type :info, :f :write, :value \($0)}" }
      try (lines.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("info.edn"), atomically: true, encoding: .utf8)
      try "{:process \"0\", :type :invoke, :f :write, :value 1}\n{:process \"0\", :type :ok, :f :write, :value 1}\n"
        .write(to: folder.appendingPathComponent("text.edn"), atomically: true, encoding: .utf8)
      let unknown = "info.edn: unknown: no verdict within 100,000 search steps (41 operations, 41 clients); raise the limit with `--max-steps 400000`"
      let run = try await ReplShellRun.run(["linearize", "--max-steps", "100000", "info.edn"], in: folder)
      #expect(run.status == 2 && run.standardOutput.contains(unknown), "\(run.standardOutput)")
      let text = try await ReplShellRun.run(["linearize", "text.edn"], in: folder)
      #expect(text.status == 65 && text.standardError.contains("text.edn:1:11: `:process \"0\"` is a number in quotes"), "\(text.standardError)")
      try "use counter\nlinearize --max-steps 100000 info.edn\nlinearize --max-stepz 1 info.edn\n".write(to: folder.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
      let script = try await ReplShellRun.run(["--script", "s.txt"], in: folder)
      #expect(script.standardOutput.contains(unknown), "\(script.standardOutput)")
      #expect(script.standardOutput.contains("linearize takes --domain, --timeout, --max-steps"), "\(script.standardOutput)")
    }
  }

  /// The `linearize` command of the shell language: a script fails on a history that is not
  /// linearizable, with the witness, and prints the verdict of one that is.
  @Test func theShellCommandFailsAScriptOnAViolation() async throws {
    try await inFolder { folder in
      try lostAppend.write(to: folder.appendingPathComponent("h.edn"), atomically: true, encoding: .utf8)
      try "{:process 0, :type :invoke, :f :write, :value 1}\n{:process 0, :type :ok, :f :write, :value 1}\n"
        .write(to: folder.appendingPathComponent("ok.edn"), atomically: true, encoding: .utf8)
      try "use counter\nlinearize ok.edn\nlinearize --domain kv h.edn\n".write(to: folder.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
      let run = try await ReplShellRun.run(["--script", "s.txt"], in: folder)
      #expect(run.status == 1, "\(run.standardOutput)")
      #expect(run.standardOutput.contains("ok.edn: linearizable (1 operations, 1 clients"), "\(run.standardOutput)")
      #expect(run.standardOutput.contains("error: s.txt:3:23: h.edn: not linearizable (4 operations, 3 clients"), "\(run.standardOutput)")
      #expect(run.standardOutput.contains(#"cannot place: get → "apple,fig" (process 0, line 7)"#), "\(run.standardOutput)")
    }
  }

  /// The shell language's `linearize` offers the models the app lists: `replshell`'s
  /// `animals-server`, for the histories `replshell stress` saves.
  @Test func theShellCommandOffersTheAppsModels() async throws {
    try await inFolder { folder in
      let cat = #"{:id "Cat", :name "Cat", :diet "Carnivore", :category "Mammal"}"#
      try """
        {:process 0, :type :invoke, :f :delete, :value "Cat"}
        {:process 0, :type :ok, :f :delete, :value \(cat)}
        {:process 1, :type :invoke, :f :delete, :value "Cat"}
        {:process 1, :type :ok, :f :delete, :value \(cat)}

        """.write(to: folder.appendingPathComponent("twice.edn"), atomically: true, encoding: .utf8)
      try "use counter\nlinearize --domain animals-server twice.edn\n".write(to: folder.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
      let run = try await ReplShellRun.run(["--script", "s.txt"], in: folder)
      #expect(run.status == 1, "\(run.standardOutput)")
      #expect(run.standardOutput.contains("twice.edn: not linearizable (2 operations, 2 clients"), "\(run.standardOutput)")
      #expect(run.standardOutput.contains(#"the delete of "Cat" answered "Cat" Carnivore in Mammal, but no such animal exists"#), "\(run.standardOutput)")
      try "use counter\nlinearize --domain animals twice.edn\n".write(to: folder.appendingPathComponent("t.txt"), atomically: true, encoding: .utf8)
      let unknown = try await ReplShellRun.run(["--script", "t.txt"], in: folder)
      #expect(unknown.standardOutput.contains("unknown model `animals`; did you mean `animals-server`? known: register, kv, animals-server"), "\(unknown.standardOutput)")
    }
  }
}
