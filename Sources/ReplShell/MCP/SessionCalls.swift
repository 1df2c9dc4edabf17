import Foundation
import MCP
import ReplShellHost
import ReplShellSession
import Scenarios
import StateValues

/// The MCP requests that reach the session — `tools/call` and `resources/read` — served by the
/// transport's own loop, not handed to the SDK's server: the transport draws each one's turn in
/// the session host as the request arrives and runs it in that turn, from the request exactly
/// as the client sent it (its id, its `params` and their `_meta` untouched). The SDK's server
/// hands each request to its handler in a task of its own, and those tasks start in no fixed
/// order, so a handler there could not tell which turn is its own without something written
/// into the request; here the turn is the one drawn for it.
struct SessionCalls: Sendable {
  /// The session's host: every call takes its turn here.
  let host: SessionHost
  /// How long one call's line may run once its turn has come (`--mcp-call-timeout`).
  let timeLimit: Duration

  /// Whether `message` is a request whose answer runs a line in the session.
  static func reachesSession(_ message: Data) -> Bool {
    guard let method = MessageKind.read(MethodName.self, from: message)?.method else { return false }
    return method == CallTool.name || method == ReadResource.name
  }

  /// The reply to `message`, a request that reaches the session (`reachesSession`), run in
  /// `turn`: a result, or an error (an unknown tool or resource, arguments a tool does not
  /// take); nil when the client cancelled it before it ran (no reply, as MCP has it). A request
  /// that does not run gives its turn up.
  func reply(to message: Data, in turn: SessionHost.Turn) async -> Data? {
    // The SDK's `Request` does not check the method it decodes: the method picks the shape.
    let method = MessageKind.read(MethodName.self, from: message)?.method
    if method == CallTool.name, let request = MessageKind.read(Request<CallTool>.self, from: message) {
      return await call(request, in: turn).map(Self.encoded)
    }
    if method == ReadResource.name, let request = MessageKind.read(Request<ReadResource>.self, from: message) {
      return await read(request, in: turn).map(Self.encoded)
    }
    // `MessageKind` refuses parameters of another shape before they get here.
    host.giveUp(turn)
    let id = MessageKind.requestID(of: message)
    return Self.encoded(CallTool.response(id: id ?? .number(0), error: .invalidParams("parameters of another shape than the method takes")))
  }

  private func call(_ request: Request<CallTool>, in turn: SessionHost.Turn) async -> Response<CallTool>? {
    let parameters = request.params
    let line: String
    do throws(MCPError) {
      guard let tool = MCPTool.all.first(where: { $0.name == parameters.name }) else {
        throw MCPError.invalidParams("unknown tool `\(parameters.name)`; tools: \(MCPTool.all.map(\.name).joined(separator: ", "))")
      }
      line = try tool.line(for: parameters.arguments)
    } catch {
      host.giveUp(turn)
      return CallTool.response(id: request.id, error: error)
    }
    guard let result = await run(line, in: turn) else { return nil }
    return CallTool.response(
      id: request.id,
      result: CallTool.Result(
        content: [.text(text: MCPMode.text(of: result.lines), annotations: nil, _meta: nil)],
        structuredContent: Optional.some(MCPMode.structuredContent(of: result)), isError: !result.succeeded))
  }

  private func read(_ request: Request<ReadResource>, in turn: SessionHost.Turn) async -> Response<ReadResource>? {
    let uri = request.params.uri
    let (command, mimeType): (String, String)
    switch uri {
    case MCPMode.stateURI: (command, mimeType) = ("state --json", "application/json")
    case MCPMode.historyURI: (command, mimeType) = ("history", "text/plain")
    default:
      host.giveUp(turn)
      return ReadResource.response(
        id: request.id, error: .invalidParams("unknown resource `\(uri)`; resources: \(MCPMode.stateURI), \(MCPMode.historyURI)"))
    }
    guard let result = await run(command, in: turn) else { return nil }
    return ReadResource.response(id: request.id, result: ReadResource.Result(contents: [.text(MCPMode.text(of: result.lines), uri: uri, mimeType: mimeType)]))
  }

  /// `line`'s result, run in `turn`; nil, the turn given up, when the call was cancelled first.
  private func run(_ line: String, in turn: SessionHost.Turn) async -> Shell.Result? {
    if Task.isCancelled {
      host.giveUp(turn)
      return nil
    }
    return await host.submit(BudgetedLineRequest(line: line, timeLimit: timeLimit), in: turn)
  }

  /// A reply as the SDK's server writes its own.
  private static func encoded<M: MCP.Method>(_ response: Response<M>) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return try encoder.encode(response)
    } catch {
      // Written by hand, as a refusal is: an error reply the encoder refused too would be no reply.
      let idText: String
      switch response.id {
      case .string(let text): idText = JSONForm.quoted(text)
      case .number(let number): idText = String(number)
      }
      return ProtocolRefusal(
        code: ProtocolRefusal.internalErrorCode, message: "Internal error: the reply could not be encoded: \(error)", idText: Data(idText.utf8)
      ).reply
    }
  }
}

/// A message's method, nothing else.
private struct MethodName: Decodable {
  let method: String?
}

