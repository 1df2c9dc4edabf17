import Foundation
import ReplShellAttachment
import ReplShellTransport
import Scenarios
import SessionProtocol
import Testing

/// The attach protocol's inspector requests against a real running app (`AttachedCounter`), frame
/// by frame: a shell's connection asks for a key, a second connection follows it with the key
/// and asks for pages of the state tree, searches and the history. Paths the state lacks, absurd
/// paths and limits are answered with an error or clamped; a request of no known shape or an
/// oversized frame closes that connection only; the app goes on answering.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct AttachInspectionProtocolTests {
  /// Connects, reads the app's hello, answers with the shell's, and reads the `done` of the
  /// session the app opens.
  private func connect(_ pair: AttachedPair) throws -> AttachSocket {
    let socket = try AttachSocket.connect(to: pair.socketPath)
    #expect(socket.isReadable(within: 10_000))
    guard case .hello(let hello) = try socket.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength) else {
      Issue.record("the app's first message is not its hello")
      return socket
    }
    #expect(hello.protocolVersion == AttachProtocol.version)
    #expect(socket.send(ShellRequest.hello(protocolVersion: AttachProtocol.version)))
    #expect(socket.isReadable(within: 10_000))
    guard case .done = try socket.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength) else {
      Issue.record("the app's second message is not the session's `done`")
      return socket
    }
    return socket
  }

  /// Sends an inspector call with `id` and reads the answer, passing over the events relayed meanwhile.
  private func ask(_ socket: AttachSocket, _ id: Int, _ call: InspectionCall) throws -> InspectionAnswer? {
    #expect(socket.send(ShellRequest.inspect(id: id, call)))
    while true {
      #expect(socket.isReadable(within: 10_000))
      switch try socket.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength) {
      case .inspection(let answered, let answer):
        #expect(answered == id)
        return answer
      case .inspected: continue
      default: return nil
      }
    }
  }

  /// A page's request, as the inspector sends it on.
  private func page(_ id: Int, _ op: InspectorRequest.Operation, path: [String]? = nil, offset: Int? = nil, limit: Int? = nil, line: String? = nil, query: String? = nil, field: String? = nil) -> InspectionCall {
    .page(InspectorRequest(id: id, op: op, line: line, path: path, offset: offset, limit: limit, query: query, field: field))
  }

  /// Whether the connection ends (closed by the app) with no frame but relayed events before.
  private func endsWithoutAnswer(_ socket: AttachSocket) -> Bool {
    while socket.isReadable(within: 10_000) {
      do throws(AttachSocket.Failure) {
        guard case .inspected = try socket.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength) else { return false }
      } catch {
        return error == .closed
      }
    }
    return false
  }

  /// The message of a failed answer; nil for any other.
  private func failure(_ answer: InspectionAnswer?) -> String? {
    if case .failed(let message)? = answer { return message }
    return nil
  }

  /// An app serves at most `maximumShells` attached shells at once: the next one is told so in its
  /// first message and closed, and the shells attached before it are served as before.
  @Test func oneShellPastTheMostAnAppServesIsRefusedWithAReason() async throws {
    try await AttachedPair.with { pair in
      var shells: [AttachSocket] = []
      defer { for shell in shells { shell.close() } }
      for _ in 0..<ReplShellAttachment.maximumShells { shells.append(try connect(pair)) }
      let extra = try AttachSocket.connect(to: pair.socketPath)
      defer { extra.close() }
      #expect(extra.isReadable(within: 10_000))
      guard case .refused(let message) = try extra.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength) else {
        Issue.record("the shell past the limit was not refused")
        return
      }
      #expect(message.contains("serves \(ReplShellAttachment.maximumShells) attached shells at once"), "\(message)")
      guard case .linked(let key)? = try ask(shells[0], 1, .link) else {
        Issue.record("an attached shell is no longer served")
        return
      }
      #expect(key.count == 32)
    }
  }

  @Test func treeRequestsAreAnsweredOrRefusedWithAReason() async throws {
    try await AttachedPair.with { pair in
      let shell = try connect(pair)
      defer { shell.close() }
      guard case .linked(let key)? = try ask(shell, 7, .link) else {
        Issue.record("no key for the shell's session")
        return
      }
      #expect(key.count == 32)

      let inspector = try connect(pair)
      defer { inspector.close() }
      // Nothing is answered before the connection follows a shell, nor for a key no shell has.
      #expect(failure(try ask(inspector, 1, page(1, .children, path: []))).map { $0.contains("follows no shell") } == true)
      #expect(failure(try ask(inspector, 2, .follow(key: String(repeating: "0", count: 32)))).map { $0.contains("type `inspect`") } == true)
      #expect(try ask(inspector, 3, .follow(key: key)) == .following(domain: "counter"))

      guard case .children(let root)? = try ask(inspector, 4, page(4, .children, path: [], limit: 1_000_000_000)) else {
        Issue.record("no children of the root")
        return
      }
      #expect(root.id == 4 && root.total == 1)
      #expect(root.nodes.map(\.name) == ["value"] && root.nodes.map(\.summary) == ["0"])

      #expect(failure(try ask(inspector, 5, page(5, .children, path: ["nope"]))) == "the state has no `nope`")
      // A path of 50,000 names (300 kB): refused at its first name, in a short message.
      #expect((failure(try ask(inspector, 6, page(6, .children, path: Array(repeating: "value", count: 50_000))))?.count ?? .max) < 200)
      guard case .children(let beyond)? = try ask(inspector, 8, page(8, .children, path: ["value"], offset: -5)) else {
        Issue.record("no children answer for a negative offset")
        return
      }
      #expect(beyond.total == 0)

      guard case .found(let found)? = try ask(inspector, 9, page(9, .search, query: "VAL", field: "key")) else {
        Issue.record("no search answer")
        return
      }
      #expect(found.paths == [["value"]])
      guard case .history(let history)? = try ask(inspector, 10, .history) else {
        Issue.record("no history answer")
        return
      }
      #expect(history.liveness == "live, read-only" && history.domain == "counter")

      // A line runs in the shell's session and comes back with its events; `tail` is the terminal's.
      guard case .ran(let ran, _, let events)? = try ask(inspector, 13, page(13, .run, line: "state")) else {
        Issue.record("the line did not run")
        return
      }
      #expect(ran.succeeded && ran.id == 13)
      #expect(events.map(\.kind) == ["command", "output"])
      #expect(failure(try ask(inspector, 14, page(14, .run, line: "tail"))).map { $0.contains("`tail` follows the app in the terminal") } == true)
      // A call of no known shape closes the inspector's connection only; the shell's still answers.
      let unknown = Array(#"{"call":{"op":"explode"},"id":11,"request":"inspect"}"#.utf8)
      #expect(inspector.writeAll(withUnsafeBytes(of: UInt32(unknown.count).bigEndian) { Array($0) } + unknown))
      #expect(endsWithoutAnswer(inspector))
      #expect(shell.send(ShellRequest.line("state", location: nil)))
      var kinds: [String] = []
      while kinds.last != "done" {
        switch try shell.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength) {
        case .event(let event): kinds.append(event.kind)
        case .done: kinds.append("done")
        default: kinds.append("?")
        }
      }
      #expect(kinds == ["command", "output", "done"])

      // An oversized frame closes that connection only, too.
      let other = try connect(pair)
      defer { other.close() }
      #expect(other.writeAll(withUnsafeBytes(of: UInt32(4 << 20).bigEndian) { Array($0) }))
      #expect(endsWithoutAnswer(other))
      guard case .linked? = try ask(shell, 12, .link) else {
        Issue.record("the shell's connection stopped answering")
        return
      }
    }
  }
}

/// `inspect` typed in an attached shell serves the inspector from the shell's process (not the
/// app's, which has none), once; a bad port is refused with what to type.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct AttachInspectCommandTests {
  @Test func inspectTypedInAnAttachedShellServesThePage() async throws {
    try await AttachedPair.with { pair in
      try await pair.attachShell([])
      let shell = try #require(pair.shell)
      shell.send("inspect 70000")
      try await shell.wait(for: "error: expected a port number such as `8123` (or none, for a free port), found `70000`\n")
      shell.send("inspect")
      let printed = try await shell.wait(for: "inspector: http://127.0.0.1:")
      let address = try #require(printed.split(separator: "\n").first { $0.hasPrefix("inspector: ") }?.dropFirst("inspector: ".count))
      // Typed again: the same address.
      shell.send("inspect")
      try await shell.wait(for: "inspector: \(address)\ninspector: \(address)\n")
      let port = try #require(Int(address.split(separator: ":")[2].prefix { $0.isNumber }))
      let target = "/" + (address.split(separator: "/").last ?? "")
      let page = try await RawHTTP.exchange(port: port, method: "GET", target: target, host: "127.0.0.1:\(port)")
      #expect(page.statusLine.hasPrefix("HTTP/1.1 200"))
      #expect(String(decoding: page.body, as: UTF8.self).contains("replshell inspector"))
    }
  }
}
