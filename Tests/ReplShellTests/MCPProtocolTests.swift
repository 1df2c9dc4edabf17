import Foundation
import Scenarios
import TestSupport
import Testing

/// `replshell --mcp` spoken to over pipes, as an MCP client would.
@Suite(.timeLimit(.minutes(10)))
struct MCPProtocolTests {
  static func start(_ arguments: [String], in folder: URL? = nil) async throws -> MCPClientProcess {
    let client = try MCPClientProcess(binary: try ReplShellBinary.url, arguments: ["--mcp"] + arguments, in: folder)
    let reply = try await client.request(1, "initialize", [
      "protocolVersion": "2025-06-18", "capabilities": [:] as [String: Any], "clientInfo": ["name": "tests", "version": "1"],
    ])
    let serverInfo = (reply["result"] as? [String: Any])?["serverInfo"] as? [String: Any]
    #expect(serverInfo?["name"] as? String == "replshell")
    #expect(serverInfo?["version"] as? String != nil)
    client.sendLine(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
    return client
  }

  @Test func everyToolIsListedWithASchemaItsHelpAndWhatItMayTouch() async throws {
    let client = try await Self.start(["counter"])
    let tools = try #require((try await client.request(2, "tools/list")["result"] as? [String: Any])?["tools"] as? [[String: Any]])
    let names = tools.compactMap { $0["name"] as? String }
    #expect(names == ["domains", "use", "actions", "selectors", "dispatch", "select", "state", "diff", "history", "why", "undo", "redo", "jump", "watch", "unwatch", "debug", "hide", "unhide", "redact", "expect", "invariant", "break", "explore", "shrink", "settle", "effects", "complete", "fail", "save", "source", "linearize", "reset"])
    for tool in tools {
      let schema = tool["inputSchema"] as? [String: Any]
      #expect(schema?["type"] as? String == "object", "\(tool["name"] ?? "")")
      #expect((tool["description"] as? String)?.contains("Usage:") == true)
      #expect((tool["description"] as? String)?.contains("{") == false, "an example template left unfilled: \(tool)")
    }
    let watch = tools.first { $0["name"] as? String == "watch" }?["description"] as? String
    #expect(watch?.contains("Examples: `watch selectValue`") == true, "\(watch ?? "")")
    for tool in tools {
      let name = tool["name"] as? String ?? ""
      let reach = try #require(CommandRegistry.reaches[name], "\(name) has a reach")
      let annotations = try #require(tool["annotations"] as? [String: Any], "\(name) carries annotations")
      #expect(annotations["readOnlyHint"] as? Bool == reach.isReadOnly, "\(name): \(annotations)")
      #expect(annotations["destructiveHint"] as? Bool == reach.isDestructive, "\(name): \(annotations)")
      #expect(annotations["idempotentHint"] as? Bool == reach.isIdempotent, "\(name): \(annotations)")
      #expect(annotations["openWorldHint"] as? Bool == reach.isOpenWorld, "\(name): \(annotations)")
    }
    let hints = { (name: String) in tools.first { $0["name"] as? String == name }?["annotations"] as? [String: Any] }
    #expect(hints("state")?["readOnlyHint"] as? Bool == true)
    #expect(hints("dispatch")?["readOnlyHint"] as? Bool == false && hints("dispatch")?["destructiveHint"] as? Bool == true)
    let dispatch = try #require(tools.first { $0["name"] as? String == "dispatch" })
    #expect(((dispatch["inputSchema"] as? [String: Any])?["required"] as? [String]) == ["action"])
    #expect(try await client.finish() == 0)
  }

  @Test func resultsCarryValuesAsDataAndArgumentsAreTyped() async throws {
    let client = try await Self.start(["counter"])
    let tools = try #require((try await client.request(2, "tools/list")["result"] as? [String: Any])?["tools"] as? [[String: Any]])
    for tool in tools {
      let output = tool["outputSchema"] as? [String: Any]
      #expect(output?["type"] as? String == "object" && (output?["required"] as? [String]) == ["ok", "lines"], "\(tool["name"] ?? "")")
    }
    let explore = try #require(tools.first { $0["name"] as? String == "explore" })
    let properties = try #require((explore["inputSchema"] as? [String: Any])?["properties"] as? [String: [String: Any]])
    #expect(properties["runs"]?["type"] as? String == "integer" && properties["seed"]?["type"] as? String == "integer")
    #expect(properties["force"]?["type"] as? String == "boolean" && properties["only"]?["type"] as? String == "string")
    #expect(properties["corpus"]?["type"] as? String == "string" && properties["guided"]?["type"] as? String == "boolean")

    let dispatched = try await client.request(3, "tools/call", ["name": "dispatch", "arguments": ["action": "didTapIncrementButton"]])
    let actions = try #require(((dispatched["result"] as? [String: Any])?["structuredContent"] as? [String: Any])?["dispatched"] as? [[String: Any]])
    #expect(actions.count == 1 && actions.first?["id"] as? Int == 1 && actions.first?["origin"] as? String == "user")
    #expect((actions.first?["cause"] as? [String: Any])?["line"] as? Int == 1)
    let why = try await client.request(9, "tools/call", ["name": "why", "arguments": ["path": "value"]])
    #expect(MCPClientProcess.toolResult(why).text == "#1 didTapIncrementButton\n- 0\n+ 1\n  ← caused by line 1")
    let selected = try await client.request(4, "tools/call", ["name": "select", "arguments": ["selector": "selectValue"]])
    let structured = try #require((selected["result"] as? [String: Any])?["structuredContent"] as? [String: Any])
    #expect(structured["ok"] as? Bool == true && structured["value"] as? Int == 1 && structured["lines"] as? [String] == ["1"])
    let state = try await client.request(5, "tools/call", ["name": "state", "arguments": ["json": true]])
    #expect(MCPClientProcess.toolResult(state).text == #"{"value":1}"#)
    let explored = try await client.request(6, "tools/call", ["name": "explore", "arguments": ["runs": 10, "steps": 5, "seed": 3]])
    #expect(MCPClientProcess.toolResult(explored).text.hasPrefix("explore: 10 runs of up to 5 actions, seed 3"), "\(explored)")
    let mistyped = try await client.request(7, "tools/call", ["name": "explore", "arguments": ["runs": "ten"]])
    #expect((mistyped["error"] as? [String: Any])?["message"] as? String == "Invalid params: `runs` must be a whole number: how many runs (100 when left out)")
    let resource = try await client.request(8, "resources/read", ["uri": "state://current"])
    let content = try #require(((resource["result"] as? [String: Any])?["contents"] as? [[String: Any]])?.first)
    #expect(content["mimeType"] as? String == "application/json" && content["text"] as? String == #"{"value":1}"#)
    #expect(try await client.finish() == 0)
  }

  /// `shrink` as a tool: the session's dispatches shrink to the three increments that make the
  /// count 3, the result an error that carries the shrunk lines; a property that holds is not one.
  @Test func theShrinkToolShrinksTheSessionsHistory() async throws {
    let client = try await Self.start(["counter"])
    for (id, action) in ["didTapIncrementButton", "didTapDecrementButton", "didTapIncrementButton", "didTapIncrementButton", "didTapIncrementButton"].enumerated() {
      _ = try await client.callTool(3 + id, "dispatch", ["action": action])
    }
    let shrunk = try await client.callTool(10, "shrink", ["property": "expect selectValue != 3"])
    #expect(shrunk.isError && shrunk.text.hasPrefix("expect selectValue != 3 fails: 5 actions shrunk to 3 in "), "\(shrunk)")
    let holds = try await client.callTool(11, "shrink", ["property": "invariant selectValue < 10"])
    #expect(!holds.isError && holds.text == "invariant selectValue < 10 holds over the 5 actions the state has applied: there is nothing to shrink", "\(holds)")
    #expect(try await client.finish() == 0)
  }

  /// `shrink` as a tool takes each kind of property: `break when`, `rejects` (the counter rejects
  /// nothing, which it says), and `golden FILE.txt` for a script whose golden no longer matches.
  @Test func theShrinkToolTakesEveryKindOfProperty() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-shrink-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = "use counter\ndispatch didTapIncrementButton\ndispatch didTapDecrementButton\ndispatch didTapIncrementButton\nselect selectValue\n"
    try script.write(to: folder.appendingPathComponent("count.txt"), atomically: true, encoding: .utf8)
    let update = try await ReplShellRun.run(["--update", "count.txt"], in: folder)
    #expect(update.status == 0, "\(update.standardError)")
    let goldenURL = folder.appendingPathComponent("count.golden")
    let golden = try String(contentsOf: goldenURL, encoding: .utf8)
    try #require(golden.hasSuffix("counter> select selectValue\n1\n"), "\(golden)")
    try (String(golden.dropLast(2)) + "2\n").write(to: goldenURL, atomically: true, encoding: .utf8)

    // The server reads paths within the folder it starts in.
    let client = try await Self.start(["counter"], in: folder)
    for (id, action) in ["didTapIncrementButton", "didTapDecrementButton", "didTapIncrementButton", "didTapIncrementButton", "didTapIncrementButton"].enumerated() {
      _ = try await client.callTool(3 + id, "dispatch", ["action": action])
    }
    let reached = try await client.callTool(10, "shrink", ["property": "break when selectValue == 3"])
    #expect(reached.isError && reached.text.hasPrefix("break when selectValue == 3 reached: 5 actions shrunk to 3 in "), "\(reached)")
    let rejects = try await client.callTool(11, "shrink", ["property": "rejects"])
    #expect(rejects.isError && rejects.text.contains("no action was rejected in this session or its recording"), "\(rejects)")
    let differs = try await client.callTool(12, "shrink", ["property": "golden \"\(folder.appendingPathComponent("count.txt").path)\""])
    #expect(differs.isError && differs.text.contains("differs at `select selectValue` ("), "\(differs)")
    #expect(differs.text.contains("3 lines before it shrunk to 1 in ") && differs.text.contains("expected: 2") && differs.text.contains("actual:   1"), "\(differs)")
    #expect(try await client.finish() == 0)
  }

  /// A tool reads and writes files only inside the folder the server started in: `..`, an absolute
  /// path elsewhere and a link that leads out are refused before any work, naming the folder and
  /// `--allow-any-path`; nothing is written. With `--allow-any-path` the same write goes through.
  @Test func toolPathsStayInTheServersFolderUnlessAllowed() async throws {
    let outer = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-reach-\(UUID().uuidString.prefix(8))")
    let folder = outer.appendingPathComponent("project")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outer) }
    try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("out"), withDestinationURL: outer)
    try "secret line of another file\n".write(to: outer.appendingPathComponent("other.txt"), atomically: true, encoding: .utf8)
    let client = try await Self.start(["counter"], in: folder)
    for (id, action) in ["didTapIncrementButton", "didTapIncrementButton", "didTapIncrementButton"].enumerated() {
      _ = try await client.callTool(3 + id, "dispatch", ["action": action])
    }
    let outside = [outer.appendingPathComponent("escape.txt").path, "../escape.txt", "out/escape.txt"]
    for (offset, path) in outside.enumerated() {
      let shrunk = try await client.callTool(10 + offset, "shrink", ["property": "expect selectValue != 3", "save": path])
      #expect(shrunk.isError && shrunk.text.contains("is outside") && shrunk.text.contains("--allow-any-path"), "\(path): \(shrunk)")
      let swift = try await client.callTool(20 + offset, "shrink", ["property": "expect selectValue != 3", "swift": path.replacingOccurrences(of: ".txt", with: ".swift")])
      #expect(swift.isError && swift.text.contains("is outside"), "\(path): \(swift)")
      let saved = try await client.callTool(30 + offset, "save", ["file": path])
      #expect(saved.isError && saved.text.contains("is outside"), "\(path): \(saved)")
    }
    let sourced = try await client.callTool(40, "source", ["file": "../other.txt"])
    #expect(sourced.isError && sourced.text.contains("is outside") && !sourced.text.contains("secret"), "\(sourced)")
    let inside = try await client.callTool(41, "shrink", ["property": "expect selectValue != 3", "save": "kept.txt"])
    #expect(inside.isError && inside.text.contains("saved the shrunk sequence as kept.txt"), "\(inside)")
    #expect(try await client.finish() == 0)
    let written = try FileManager.default.contentsOfDirectory(atPath: outer.path).sorted()
    #expect(written == ["other.txt", "project"], "\(written)")

    let opened = try await Self.start(["counter", "--allow-any-path"], in: folder)
    for (id, action) in ["didTapIncrementButton", "didTapIncrementButton", "didTapIncrementButton"].enumerated() {
      _ = try await opened.callTool(3 + id, "dispatch", ["action": action])
    }
    let allowed = try await opened.callTool(10, "shrink", ["property": "expect selectValue != 3", "save": "../escape.txt"])
    #expect(allowed.isError && allowed.text.contains("saved the shrunk sequence as ../escape.txt"), "\(allowed)")
    #expect(try await opened.finish() == 0)
    #expect(FileManager.default.fileExists(atPath: outer.appendingPathComponent("escape.txt").path))
  }

  /// `use` through MCP keeps its files in the server's folder too: a database (`--store`,
  /// `--serve`) or a feed read from disk (`--feed` as a folder or a `file://` URL) outside it is
  /// refused before anything is opened, created or copied, naming the folder and
  /// `--allow-any-path`; a network feed, a database inside the folder and the shell's own
  /// `$SCRATCH/` are taken.
  @Test func useKeepsItsDatabasesAndFeedsInTheServersFolder() async throws {
    let outer = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-use-\(UUID().uuidString.prefix(8))")
    let folder = outer.appendingPathComponent("project")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outer) }
    try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("out"), withDestinationURL: outer)
    let client = try await Self.start(["counter"], in: folder)
    let refused = [
      "animals --store ../escape.sqlite", "animals --store out/escape.sqlite", "animals --store \(outer.path)/escape.sqlite",
      "animals --serve ../served.sqlite", "quakes --feed ../", "quakes --feed file://\(outer.path)/",
    ]
    for (offset, options) in refused.enumerated() {
      let words = options.split(separator: " ", maxSplits: 1).map(String.init)
      let used = try await client.callTool(10 + offset, "use", ["domain": words[0], "options": words[1]])
      #expect(used.isError && used.text.contains("is outside") && used.text.contains("--allow-any-path"), "\(options): \(used)")
    }
    let inside = try await client.callTool(20, "use", ["domain": "animals", "options": "--store kept.sqlite"])
    #expect(!inside.isError, "\(inside)")
    let scratch = try await client.callTool(21, "use", ["domain": "animals", "options": "--store $SCRATCH/a.sqlite"])
    #expect(!scratch.isError, "\(scratch)")
    #expect(try await client.finish() == 0)
    let written = try FileManager.default.contentsOfDirectory(atPath: outer.path).sorted()
    #expect(written == ["project"], "\(written)")
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("kept.sqlite").path))
  }

  /// `break` as a tool: typed arguments become `break when …`, `break clear N`, `break clear`;
  /// a breakpoint a tool's dispatch makes true is marked in its result, which still succeeds.
  @Test func theBreakToolSetsClearsAndMarksAStop() async throws {
    let client = try await Self.start(["counter"])
    let tools = try #require((try await client.request(2, "tools/list")["result"] as? [String: Any])?["tools"] as? [[String: Any]])
    let tool = try #require(tools.first { $0["name"] as? String == "break" })
    let properties = try #require((tool["inputSchema"] as? [String: Any])?["properties"] as? [String: [String: Any]])
    #expect(properties["when"]?["type"] as? String == "string" && properties["clear"]?["type"] as? String == "integer")
    #expect(properties["clearAll"]?["type"] as? String == "boolean")
    let set = try await client.callTool(3, "break", ["when": "selectValue == 1"])
    #expect(set.text == "break 1: stops at the first dispatch that makes selectValue == 1 true" && !set.isError, "\(set)")
    let stopped = try await client.callTool(4, "dispatch", ["action": "didTapIncrementButton"])
    #expect(!stopped.isError && stopped.text.contains("■ break 1 (selectValue == 1) at #1 didTapIncrementButton"), "\(stopped)")
    #expect(try await client.callTool(5, "break", ["clear": 1]).text == "cleared break 1")
    #expect(try await client.callTool(6, "break", ["clearAll": true]).text == "no breakpoints to clear")
    #expect(try await client.finish() == 0)
  }

  @Test func aGuidedExploreKeepsItsCorpusInsideTheSessionsFolder() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-corpus-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let client = try await Self.start(["counter"], in: folder)
    let kept = try await client.callTool(2, "explore", ["runs": 20, "steps": 10, "seed": 5, "guided": true, "corpus": "kept"])
    #expect(!kept.isError && kept.text.contains("corpus: started from 0 entries of kept/explore.corpus, saved "), "\(kept.text)")
    let saved = try String(contentsOf: folder.appendingPathComponent("kept/explore.corpus"), encoding: .utf8)
    #expect(saved.contains("# entry 1\ndispatch "))
    let outside = try await client.callTool(3, "explore", ["runs": 5, "guided": true, "corpus": "../outside"])
    #expect(outside.isError && outside.text.contains("cannot write ../outside: it is outside "), "\(outside.text)")
    #expect(!FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().appendingPathComponent("outside").path))
    #expect(try await client.finish() == 0)
  }

  @Test func aDispatchOnAnimalsWritesToSQLiteAndTheStateIsAResource() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("animals.sqlite").path

    // The database is in the server's folder: an MCP session may only write inside its own.
    let client = try await Self.start(["animals"], in: folder)
    let use = try await client.callTool(2, "use", ["domain": "animals", "options": "--store \(database)"])
    #expect(!use.isError && use.text.contains("started animals"), "\(use.text)")
    let add = try await client.callTool(3, "dispatch", [
      "action": #"animalEditor.onTapAddAnimalButton(id: "A1", name: "Eagle", diet: .carnivorous, categoryId: "Bird")"#
    ])
    #expect(!add.isError)
    #expect(add.text.contains("didAddAnimal"), "the listener's answer is part of the result:\n\(add.text)")
    let history = try await client.request(4, "resources/read", ["uri": "history://"])
    let contents = ((history["result"] as? [String: Any])?["contents"] as? [[String: Any]])?.first?["text"] as? String
    #expect(contents?.contains("1  ui.animalEditor.onTapAddAnimalButton") == true, "\(contents ?? "")")
    #expect(try await client.finish() == 0)

    // A second session on the same file finds the animal the listener wrote.
    let reader = try await Self.start(["animals"], in: folder)
    _ = try await reader.callTool(2, "use", ["domain": "animals", "options": "--store \(database)"])
    _ = try await reader.callTool(3, "dispatch", ["action": "animalList.onAppear"])
    let found = try await reader.callTool(4, "select", ["selector": #"selectAnimalsValues(categoryId: "Bird", sort: \.name, order: .forward)"#])
    #expect(found.text.contains("Eagle"), "\(found.text)")
    #expect(try await reader.finish() == 0)
  }

  @Test func aFailingExpectationIsAnErrorResult() async throws {
    let client = try await Self.start(["counter"])
    let failed = try await client.callTool(2, "expect", ["assertion": "selectValue == 2"])
    #expect(failed.isError)
    #expect(failed.text == "error: column 8: expectation failed: selectValue == 2\n  actual: 0")
    let held = try await client.callTool(3, "expect", ["assertion": "selectValue == 0"])
    #expect(!held.isError && held.text == "ok")
    #expect(try await client.finish() == 0)
  }

  @Test func hostileInputGetsJSONRPCErrorsAndTheServerKeepsGoing() async throws {
    let client = try await Self.start(["counter"])
    client.sendLine("this is not json")
    #expect((try await client.nextMessage()["error"] as? [String: Any])?["code"] as? Int == -32700)
    #expect((try await client.request(2, "no/such/method")["error"] as? [String: Any])?["code"] as? Int == -32601)
    let unknownTool = try await client.request(3, "tools/call", ["name": "format-disk", "arguments": [:] as [String: Any]])
    #expect((unknownTool["error"] as? [String: Any])?["code"] as? Int == -32602)
    let missing = try await client.request(4, "tools/call", ["name": "dispatch", "arguments": [:] as [String: Any]])
    #expect((missing["error"] as? [String: Any])?["code"] as? Int == -32602)
    #expect(((missing["error"] as? [String: Any])?["message"] as? String)?.contains("needs the argument `action`") == true)
    let mistyped = try await client.request(5, "tools/call", ["name": "dispatch", "arguments": ["action": 42]])
    #expect((mistyped["error"] as? [String: Any])?["code"] as? Int == -32602)
    #expect(((mistyped["error"] as? [String: Any])?["message"] as? String)?.contains("must be a string") == true)
    let extra = try await client.request(6, "tools/call", ["name": "diff", "arguments": ["x": "y"]])
    #expect((extra["error"] as? [String: Any])?["code"] as? Int == -32602)
    #expect(((extra["error"] as? [String: Any])?["message"] as? String)?.contains("it takes none") == true)
    let unknownResource = try await client.request(9, "resources/read", ["uri": "secrets://all"])
    #expect((unknownResource["error"] as? [String: Any])?["code"] as? Int == -32602)
    #expect(((unknownResource["error"] as? [String: Any])?["message"] as? String)?.contains("resources: state://current, history://") == true)
    let badLine = try await client.callTool(7, "dispatch", ["action": String(repeating: "[", count: 300)])
    #expect(badLine.isError)
    #expect(badLine.text.hasPrefix("error: column "), "\(badLine.text)")
    let stillAlive = try await client.callTool(8, "dispatch", ["action": "didTapIncrementButton"])
    #expect(stillAlive.text.contains("+   value: 1"))
    #expect(try await client.finish() == 0)
    #expect(client.remainingOutput().isEmpty, "nothing but protocol messages on stdout")
  }
}
