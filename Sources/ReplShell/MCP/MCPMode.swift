import Foundation
import MCP
import ReplShellDomain
import ReplShellFoundation
import ReplShellHost
import ReplShellSession
import Scenarios
import SessionProtocol
import StateValues
import SystemPackage

/// `--mcp`: a Model Context Protocol server on standard input and output, so a coding agent
/// drives a session with the same commands a person types. Each command is a tool, the state
/// and the history are resources, and the protocol owns standard output: everything else
/// written there (a library's log line, a stray `print`) goes to standard error instead.
///
/// The SDK speaks the protocol; this server frames the lines itself (`StandardStreams`,
/// `LineFramer`) and answers what the SDK would answer wrongly or never (`MCPTransport`,
/// `MessageKind`): any input gets its JSON-RPC answer and the next request is served. Calls run
/// in the session host's order, the order they arrived in (`SessionCalls`).
@MainActor struct MCPMode {
  let domains: [Domain]
  let domain: String
  let programName: String
  let version: String
  /// The most bytes one message (one line of input) may have; a longer line is refused unread.
  var lineLimit = Self.defaultLineLimit

  /// The line limit when `--mcp-max-line` does not give one: 4 MiB.
  nonisolated static let defaultLineLimit = 4 << 20

  /// How long one tool call may run once its turn has come; past it the call is stopped as Ctrl-C
  /// stops a line, and its reply says so.
  var callTimeLimit = Self.defaultCallTimeLimit

  /// The call time limit when `--mcp-call-timeout` does not give one: 5 minutes, past any call of
  /// the sample domains' (a default `explore` takes seconds).
  nonisolated static let defaultCallTimeLimit: Duration = .seconds(300)

  /// Whether the paths tools read and write may lie outside the working folder (`--allow-any-path`).
  var allowsAnyPath = false

  nonisolated static let stateURI = "state://current"
  nonisolated static let historyURI = "history://"

  /// Serves until standard input closes; false when the domain could not start.
  func run() async -> Bool {
    let protocolOutput = FileDescriptor(rawValue: dup(STDOUT_FILENO))
    dup2(STDERR_FILENO, STDOUT_FILENO)
    let shell = Shell(domains: domains, isScript: true, baseDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    shell.settings.programName = programName
    if !allowsAnyPath {
      do {
        shell.settings.fileReach = try .confined(to: FileManager.default.currentDirectoryPath)
      } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        return false
      }
    }
    do {
      _ = try await shell.start(domain: domain)
    } catch {
      FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
      return false
    }
    return await serve(shell, input: .standardInput, output: protocolOutput)
  }

  /// Serves `shell`, its domain started, to the client on `input` and `output` until `input`
  /// ends, then closes the shell; false when the server could not start. `run` serves standard
  /// input and output; the MCP fuzz target (`Fuzz/`), a pipe.
  func serve(_ shell: Shell, input: FileDescriptor, output protocolOutput: FileDescriptor) async -> Bool {
    let host = SessionHost(shell: shell)
    let streams = StandardStreams(input: input, output: protocolOutput, lineLimit: lineLimit)
    let server = Server(
      name: programName, version: version,
      capabilities: .init(resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
    let names = (domains.first { $0.name == domain } ?? domains.first)?.exampleNames ?? ExampleNames()
    await register(on: server, names: names)
    let transport = MCPTransport(streams, lineLimit: lineLimit, calls: SessionCalls(host: host, timeLimit: callTimeLimit))
    do {
      try await server.start(transport: transport)
    } catch {
      FileHandle.standardError.write(Data("error: the MCP server could not start: \(error)\n".utf8))
      return false
    }
    await server.waitUntilCompleted()
    // Every reply was written before the server's input ended; a call still running was
    // cancelled, and its late reply is written before the session closes.
    await transport.finishCalls()
    await host.submit(Drain())
    do {
      try streams.flush()
    } catch {
      FileHandle.standardError.write(Data("error: the last replies could not be written: \(error)\n".utf8))
    }
    await shell.close()
    return true
  }

  /// The SDK's server answers the lists; the calls that reach the session are the transport's
  /// (`SessionCalls`).
  private func register(on server: Server, names: ExampleNames) async {
    await server.withMethodHandler(ListTools.self) { _ in
      ListTools.Result(tools: MCPTool.all.map { $0.tool(names: names) })
    }
    await server.withMethodHandler(ListResources.self) { _ in
      ListResources.Result(resources: [
        Resource(name: "state", uri: Self.stateURI, description: "the current state of the running domain, as JSON", mimeType: "application/json"),
        Resource(name: "history", uri: Self.historyURI, description: "every action dispatched so far, numbered", mimeType: "text/plain"),
      ], nextCursor: nil)
    }
  }

  /// A request that does nothing: its turn comes once every call before it has finished.
  private struct Drain: SessionRequest {
    func perform(in shell: Shell) async {}
  }

  /// A line's result as structured content: `ok`, the printed `lines`, its `value` as JSON, and
  /// the actions it `dispatched`, each with its history entry (`id`) and `cause`.
  nonisolated static func structuredContent(of result: Shell.Result) -> MCP.Value {
    var object: [String: MCP.Value] = ["ok": .bool(result.succeeded), "lines": .array(result.lines.map { .string($0.text) })]
    if let value = result.value { object["value"] = MCP.Value(value) }
    let dispatched = result.events.compactMap { event -> MCP.Value? in
      guard case .dispatched(let dispatch) = event, let entry = dispatch.entry else { return nil }
      return .object(["id": .int(entry), "action": .string(dispatch.action), "origin": .string(dispatch.origin.rawValue), "cause": cause(dispatch.cause)])
    }
    if !dispatched.isEmpty { object["dispatched"] = .array(dispatched) }
    return .object(object)
  }

  /// A dispatch's cause as `--format json` writes it: `{"line": 3}`, `{"location": "x.txt:7"}`, `{"entry": 4}`, or null.
  private nonisolated static func cause(_ cause: DispatchEvent.Cause?) -> MCP.Value {
    switch cause {
    case .typedLine(let number): .object(["line": .int(number)])
    case .scriptLine(let location): .object(["location": .string(location)])
    case .entry(let entry): .object(["entry": .int(entry)])
    case nil: .null
    }
  }

  /// The lines as the transcript shows them.
  nonisolated static func text(of lines: [OutputLine]) -> String {
    lines.map(\.text).joined(separator: "\n")
  }
}
