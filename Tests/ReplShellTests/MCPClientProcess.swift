import Foundation
import TestSupport

/// A real `replshell --mcp` process, spoken to over its standard input and output as an MCP
/// client does: one JSON-RPC message a line. Replies are read strictly in turn: a reply whose id
/// is not the one expected is a failure, not skipped, so a reordered, lost or duplicated reply
/// shows. Every read has a deadline; past it the server is killed and the failure carries the
/// end of its standard error.
final class MCPClientProcess: @unchecked Sendable {
  /// How long one reply may take.
  static let deadline: TimeInterval = 150

  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errorLog: URL
  private let state = NSCondition()
  private var pending = Data()
  private var outputClosed = false

  init(binary: URL, arguments: [String], in folder: URL? = nil) throws {
    errorLog = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-stderr-\(UUID().uuidString)")
    try Data().write(to: errorLog)
    process.executableURL = binary
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    process.standardInput = input
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: errorLog)
    try process.run()
    let reading = output.fileHandleForReading
    Thread.detachNewThread { [weak self] in
      while true {
        let chunk = reading.availableData
        guard let self else { return }
        self.state.lock()
        if chunk.isEmpty { self.outputClosed = true } else { self.pending.append(chunk) }
        self.state.broadcast()
        self.state.unlock()
        if chunk.isEmpty { return }
      }
    }
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    try? FileManager.default.removeItem(at: errorLog)
  }

  /// Writes one raw line (it need not be JSON).
  func sendLine(_ line: String) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// Writes `data` as it is (a long line, a line without its newline), off the cooperative pool:
  /// the write blocks until the server has read what the pipe cannot hold.
  func sendRaw(_ data: Data) async throws {
    let writing = input.fileHandleForWriting
    try await offThePool { writing.write(data) }
  }

  /// The line of one request.
  static func requestLine(_ id: Int, _ method: String, _ params: [String: Any]? = nil) throws -> String {
    var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
    if let params { message["params"] = params }
    return String(decoding: try JSONSerialization.data(withJSONObject: message, options: [.sortedKeys]), as: UTF8.self)
  }

  /// The line of one `tools/call` request.
  static func toolCallLine(_ id: Int, _ name: String, _ arguments: [String: Any] = [:]) throws -> String {
    try requestLine(id, "tools/call", ["name": name, "arguments": arguments])
  }

  /// Sends a request and returns its reply, which must be the next message.
  func request(_ id: Int, _ method: String, _ params: [String: Any]? = nil) async throws -> [String: Any] {
    sendLine(try Self.requestLine(id, method, params))
    return try await response(id: id)
  }

  /// Calls a tool; returns the text it answered and whether it is an error result.
  func callTool(_ id: Int, _ name: String, _ arguments: [String: Any] = [:]) async throws -> (text: String, isError: Bool) {
    Self.toolResult(try await request(id, "tools/call", ["name": name, "arguments": arguments]))
  }

  /// The text and error flag of a `tools/call` reply.
  static func toolResult(_ reply: [String: Any]) -> (text: String, isError: Bool) {
    let result = reply["result"] as? [String: Any] ?? [:]
    let text = (result["content"] as? [[String: Any]])?.compactMap { $0["text"] as? String }.joined(separator: "\n") ?? ""
    return (text, result["isError"] as? Bool ?? false)
  }

  /// The next message, which must be the reply to `id`.
  func response(id: Int) async throws -> [String: Any] {
    let message = try await nextMessage()
    guard message["id"] as? Int == id else {
      throw ProtocolError("expected the reply to request \(id), got: \(message)")
    }
    return message
  }

  /// The next line of standard output, parsed as a JSON object; every line must be one.
  func nextMessage() async throws -> [String: Any] {
    let line = try await offThePool { try self.nextLine() }
    guard let object = try JSONSerialization.jsonObject(with: line) as? [String: Any] else {
      throw ProtocolError("not a JSON object on stdout: \(String(decoding: line, as: UTF8.self))")
    }
    return object
  }

  /// The next line of standard output as it was written, and parsed as a JSON object.
  func nextRawMessage() async throws -> (text: String, message: [String: Any]) {
    let line = try await offThePool { try self.nextLine() }
    guard let object = try JSONSerialization.jsonObject(with: line) as? [String: Any] else {
      throw ProtocolError("not a JSON object on stdout: \(String(decoding: line, as: UTF8.self))")
    }
    return (String(decoding: line, as: UTF8.self), object)
  }

  private func nextLine() throws -> Data {
    let end = Date().addingTimeInterval(Self.deadline)
    state.lock()
    defer { state.unlock() }
    while true {
      if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Data(pending[..<newline])
        pending = Data(pending[pending.index(after: newline)...])
        return line
      }
      if outputClosed { throw ProtocolError("the server closed its output" + errorTail) }
      if !state.wait(until: end) {
        kill(process.processIdentifier, SIGKILL)
        throw ProtocolError("no reply within \(Int(Self.deadline)) s; the server was stopped" + errorTail)
      }
    }
  }

  private var errorTail: String {
    let text = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
    return text.isEmpty ? "" : ". Its standard error ended with:\n" + text.split(separator: "\n").suffix(20).joined(separator: "\n")
  }

  /// Closes standard input and waits (with the deadline) for the process to end; its exit status.
  func finish() async throws -> Int32 {
    try await offThePool { try self.blockingFinish() }
  }

  private func blockingFinish() throws -> Int32 {
    try? input.fileHandleForWriting.close()
    let end = Date().addingTimeInterval(Self.deadline)
    while process.isRunning {
      if Date() > end {
        kill(process.processIdentifier, SIGKILL)
        throw ProtocolError("the server did not exit within \(Int(Self.deadline)) s of its input closing" + errorTail)
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return process.terminationStatus
  }

  /// Whatever is left on standard output after the process ended.
  func remainingOutput() -> String {
    let end = Date().addingTimeInterval(Self.deadline)
    state.lock()
    defer { state.unlock() }
    while !outputClosed, state.wait(until: end) {}
    return String(decoding: pending, as: UTF8.self)
  }

  struct ProtocolError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}

