import Foundation
import TestSupport
import Testing

/// `replshell --mcp` given requests that reuse the id of one not answered yet (JSON-RPC forbids
/// it; agents and fuzzers do it): each is answered in turn, under that id, and the server exits
/// when its input ends. The server used to match replies to requests by the client's id, so the
/// first reply to come was taken for the first request of that id: the handler of the other lost
/// its turn and waited for a turn given up only after it answered, and the server never exited
/// (in most runs; the fuzzer's `mcp` target found it, `Fuzz/Corpus/mcp/hang-at-exit-duplicate-id`).
@Suite(.timeLimit(.minutes(15)))
struct MCPReusedIDTests {
  /// How long one run may take before it is called a hang (the machine may be loaded).
  static let runBound: DispatchTimeInterval = .seconds(180)

  /// The smallest input that hung the server (in 15 runs of 20 before the fix): a call and a
  /// refused call under one id.
  @Test func aCallAndARefusedCallUnderOneIdAreAnsweredInTurnAndTheServerExits() async throws {
    let lines = [
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"tests","version":"1"}}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"history","arguments":{}}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"nosuchtool","arguments":{}}}"#,
    ]
    let input = Data((lines.joined(separator: "\n") + "\n").utf8)
    // The fault was a race between two of the server's tasks: many runs, each to its exit.
    for run in 1...20 {
      let (status, output) = try await Self.serve(input)
      #expect(status == 0, "run \(run): exit status \(status)")
      let replies = try output.split(separator: UInt8(ascii: "\n")).map { line in
        try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
      }
      try #require(replies.count == 3, "run \(run): \(replies.count) replies: \(String(decoding: output, as: UTF8.self).prefix(2_000))")
      #expect(replies[1]["id"] as? Int == 2 && replies[1]["result"] != nil, "run \(run): \(replies[1])")
      #expect(replies[2]["id"] as? Int == 2 && (replies[2]["error"] as? [String: Any])?["code"] as? Int == -32602, "run \(run): \(replies[2])")
    }
  }

  @Test func requestsReusingAnUnansweredIdAreEachAnsweredInTurnAndTheServerExits() async throws {
    let lines = [
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"tests","version":"1"}}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"history","arguments":{}}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"nosuchtool","arguments":{}}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"dispatch","arguments":{"action":"didTapIncrementButton"}}}"#,
      #"{"jsonrpc":"2.0","id":"2","method":"ping"}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"ping"}"#,
    ]
    let input = Data((lines.joined(separator: "\n") + "\n").utf8)
    for run in 1...10 {
      let (status, output) = try await Self.serve(input)
      #expect(status == 0, "run \(run): exit status \(status)")
      let replies = try output.split(separator: UInt8(ascii: "\n")).map { line in
        try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
      }
      try #require(replies.count == 6, "run \(run): \(replies.count) replies: \(String(decoding: output, as: UTF8.self).prefix(2_000))")
      #expect(replies[0]["id"] as? Int == 1 && replies[0]["result"] != nil, "run \(run): \(replies[0])")
      #expect(replies[1]["id"] as? Int == 2, "run \(run): \(replies[1])")
      #expect(replies[1]["result"] != nil && !MCPClientProcess.toolResult(replies[1]).isError, "run \(run): \(replies[1])")
      #expect(replies[2]["id"] as? Int == 2, "run \(run): \(replies[2])")
      #expect((replies[2]["error"] as? [String: Any])?["code"] as? Int == -32602, "run \(run): \(replies[2])")
      #expect(replies[3]["id"] as? Int == 2, "run \(run): \(replies[3])")
      #expect(MCPClientProcess.toolResult(replies[3]).text.contains("+   value: 1"), "run \(run): \(replies[3])")
      #expect(replies[4]["id"] as? String == "2" && replies[4]["result"] != nil, "run \(run): \(replies[4])")
      #expect(replies[5]["id"] as? Int == 2 && replies[5]["result"] != nil, "run \(run): \(replies[5])")
    }
  }

  @Test func aCancellationOfAReusedIdCancelsTheOldestAndTheServerExits() async throws {
    let lines = [
      #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"dispatch","arguments":{"action":"didTapIncrementButton"}}}"#,
      #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"nosuchtool","arguments":{}}}"#,
      #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}"#,
      #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":8}}"#,
      #"{"jsonrpc":"2.0","id":8,"method":"ping"}"#,
    ]
    let input = Data((lines.joined(separator: "\n") + "\n").utf8)
    for run in 1...10 {
      let (status, output) = try await Self.serve(input)
      #expect(status == 0, "run \(run): exit status \(status)")
      let replies = try output.split(separator: UInt8(ascii: "\n")).map { line in
        try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
      }
      // The cancellation names 7, and cancels the oldest request under 7 not yet answered. Which
      // one that is depends on whether the dispatch finished before the cancellation was read,
      // a race the client cannot see; either way the server answers in turn and then exits:
      //   - the dispatch was still waiting: it is cancelled (a late reply of it comes out of
      //     turn, under 7), and the refusal of the unknown tool is answered in turn before the ping;
      //   - the dispatch was answered already: its result comes in turn before the ping, and the
      //     unknown tool's call is the one cancelled (a late refusal comes out of turn, or none).
      let dispatched = replies.firstIndex { $0["id"] as? Int == 7 && $0["result"] != nil }
      let refusal = replies.firstIndex { ($0["error"] as? [String: Any])?["code"] as? Int == -32602 }
      let ping = replies.firstIndex { $0["id"] as? Int == 8 }
      #expect(refusal.map { replies[$0]["id"] as? Int == 7 } ?? true, "run \(run): \(replies)")
      #expect(ping.map { replies[$0]["result"] != nil } == true, "run \(run): \(replies)")
      let answeredInTurn = [refusal, dispatched].contains { $0 != nil && ping != nil && $0! < ping! }
      #expect(answeredInTurn, "run \(run): neither 7 was answered before the ping: \(replies)")
      #expect(replies.count <= 3, "run \(run): \(replies)")
      #expect(replies.allSatisfy { [7, 8].contains($0["id"] as? Int) }, "run \(run): \(replies)")
    }
  }

  /// Runs `replshell --mcp counter` with `input` as its whole standard input, and waits for it to
  /// exit (at most `runBound`; past it the process is killed and the run fails): its exit status
  /// and its standard output. The waits block a thread of their own: on the cooperative pool, a
  /// thread a core, 40 runs held up every other suite in the process.
  static func serve(_ input: Data) async throws -> (status: Int32, output: Data) {
    try await offThePool { try Self.blockingServe(input) }
  }

  private static func blockingServe(_ input: Data) throws -> (status: Int32, output: Data) {
    let process = Process()
    process.executableURL = try ReplShellBinary.url
    process.arguments = ["--mcp", "counter"]
    let (stdin, stdout) = (Pipe(), Pipe())
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    let output = OutputCollector(stdout.fileHandleForReading)
    stdin.fileHandleForWriting.write(input)
    try stdin.fileHandleForWriting.close()
    guard exited.wait(timeout: .now() + runBound) == .success else {
      kill(process.processIdentifier, SIGKILL)
      exited.wait()
      Issue.record("replshell --mcp did not exit within \(runBound) of its input ending; it wrote: \(String(decoding: output.collected(), as: UTF8.self).prefix(2_000))")
      return (-1, Data())
    }
    return (process.terminationStatus, output.collected())
  }
}

/// A pipe's bytes read to its end on a thread of its own, so a process that writes more than the
/// pipe holds is never blocked by the test.
private final class OutputCollector: @unchecked Sendable {
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  /// Everything the pipe carried, once its writer closed it.
  func collected() -> Data {
    done.wait()
    done.signal()
    return data
  }
}
