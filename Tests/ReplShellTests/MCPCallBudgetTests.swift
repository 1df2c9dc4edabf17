import Foundation
import TestSupport
import Testing

/// Every MCP tool call carries a time budget (`--mcp-call-timeout`, 5 minutes when not given): a
/// call past it is stopped as Ctrl-C stops a line at the prompt, its reply an error that says what
/// ran out and what to raise, and the session goes on serving the calls behind it.
@Suite(.timeLimit(.minutes(10)))
struct MCPCallBudgetTests {
  @Test func aCallPastItsTimeBudgetIsStoppedAndTheNextIsServed() async throws {
    let client = try await MCPProtocolTests.start(["counter", "--mcp-call-timeout", "300ms"])
    // No machine runs a hundred million runs in 300 ms: the budget, not the work, ends this call.
    client.sendLine(try MCPClientProcess.toolCallLine(2, "explore", ["runs": 100_000_000, "steps": 50]))
    client.sendLine(try MCPClientProcess.toolCallLine(3, "dispatch", ["action": "didTapIncrementButton"]))
    let explored = MCPClientProcess.toolResult(try await client.response(id: 2))
    #expect(explored.isError, "\(explored.text)")
    #expect(
      explored.text.contains("the call ran out of its time budget of 300ms and was stopped; give it more with `--mcp-call-timeout`, such as `--mcp-call-timeout 1.2s`"),
      "\(explored.text)")
    let dispatched = MCPClientProcess.toolResult(try await client.response(id: 3))
    #expect(!dispatched.isError && dispatched.text.contains("+   value: 1\n"), "\(dispatched.text)")
    #expect(try await client.finish() == 0)
  }

  @Test func aTimeBudgetThatIsNotADurationIsRefusedAtStart() async throws {
    let run = try await ReplShellRun.run(["--mcp", "--mcp-call-timeout", "soon"], in: FileManager.default.temporaryDirectory)
    #expect(run.status == 64 && run.standardError.contains("--mcp-call-timeout takes a duration such as `30s`, `500ms` or `10m`, not `soon`"), "\(run.standardError)")
  }
}
