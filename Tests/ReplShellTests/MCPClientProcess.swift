import Foundation

/// A real `replshell --mcp` process, spoken to over its standard input and output as an MCP
/// client does: one JSON-RPC message a line.
final class MCPClientProcess {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var pending = Data()

  init(binary: URL, arguments: [String]) throws {
    process.executableURL = binary
    process.arguments = arguments
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// Writes one raw line (it need not be JSON).
  func sendLine(_ line: String) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// Sends a request and returns the response with the same id.
  func request(_ id: Int, _ method: String, _ params: [String: Any]? = nil) throws -> [String: Any] {
    var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
    if let params { message["params"] = params }
    let data = try JSONSerialization.data(withJSONObject: message)
    sendLine(String(decoding: data, as: UTF8.self))
    return try response(id: id)
  }

  /// Calls a tool; returns the text it answered and whether it is an error result.
  func callTool(_ id: Int, _ name: String, _ arguments: [String: Any] = [:]) throws -> (text: String, isError: Bool) {
    let reply = try request(id, "tools/call", ["name": name, "arguments": arguments])
    let result = reply["result"] as? [String: Any] ?? [:]
    let text = (result["content"] as? [[String: Any]])?.compactMap { $0["text"] as? String }.joined(separator: "\n") ?? ""
    return (text, result["isError"] as? Bool ?? false)
  }

  /// Reads messages until the one whose id is `id`.
  func response(id: Int) throws -> [String: Any] {
    while true {
      let message = try nextMessage()
      if message["id"] as? Int == id { return message }
    }
  }

  /// The next line of standard output, parsed as a JSON object; every line must be one.
  func nextMessage() throws -> [String: Any] {
    while true {
      if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = pending[..<newline]
        pending = Data(pending[pending.index(after: newline)...])
        guard let object = try JSONSerialization.jsonObject(with: line) as? [String: Any] else {
          throw ProtocolError("not a JSON object on stdout: \(String(decoding: line, as: UTF8.self))")
        }
        return object
      }
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { throw ProtocolError("the server closed its output") }
      pending.append(chunk)
    }
  }

  /// Closes standard input and waits for the process to end; its exit status.
  func finish() -> Int32 {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Whatever is left on standard output after the process ended.
  func remainingOutput() -> String {
    String(decoding: pending + output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  struct ProtocolError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}
