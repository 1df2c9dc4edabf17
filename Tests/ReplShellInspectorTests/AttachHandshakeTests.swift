import Foundation
import ReplShellTransport
import Scenarios
import SessionProtocol
import Testing

/// The attach protocol's handshake against a real running app (`AttachedCounter`): a shell that
/// announces another protocol version, or none (a shell from before the handshake, which sends
/// its first line at once), is told in one error naming both versions, as an error event that a
/// shell of any version prints, then a refusal and a goodbye; the app goes on serving others.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct AttachHandshakeTests {
  /// The app's messages after the shell's first frame, until the app closes the connection.
  private func answers(after first: [UInt8], in pair: AttachedPair) throws -> [AppMessage] {
    let socket = try AttachSocket.connect(to: pair.socketPath)
    defer { socket.close() }
    var messages: [AppMessage] = []
    for _ in 0..<2 {
      #expect(socket.isReadable(within: 10_000))
      messages.append(try socket.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength))
    }
    guard case .hello(let hello) = messages.first, case .done = messages.last else {
      Issue.record("the app did not open with its hello and the session's done: \(messages)")
      return []
    }
    #expect(hello.protocolVersion == AttachProtocol.version)
    #expect(socket.writeAll(withUnsafeBytes(of: UInt32(first.count).bigEndian) { Array($0) } + first))
    var after: [AppMessage] = []
    while socket.isReadable(within: 10_000) {
      do throws(AttachSocket.Failure) {
        after.append(try socket.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength))
      } catch {
        #expect(error == .closed)
        return after
      }
    }
    Issue.record("the app did not close the connection")
    return after
  }

  @Test func aShellOfAnotherVersionIsToldWithBothVersions() async throws {
    try await AttachedPair.with { pair in
      let legacy = try answers(after: Array(#"{"line": "state"}"#.utf8), in: pair)
      let unversioned = AttachProtocol.appMismatch(shellVersion: nil)
      #expect(unversioned.hasPrefix("this app speaks attach protocol \(AttachProtocol.version) and the shell speaks 1 (it announced no version): attach with a replshell of the app's revision"))
      #expect(legacy == [.event(.error(ErrorEvent(message: unversioned, location: nil, column: nil))), .refused(unversioned), .bye])

      let next = AttachProtocol.version + 1
      let newer = try answers(after: try Array(AttachFrame.bytes(of: ShellRequest.hello(protocolVersion: next)).dropFirst(4)), in: pair)
      let mismatch = AttachProtocol.appMismatch(shellVersion: next)
      #expect(mismatch.hasPrefix("this app speaks attach protocol \(AttachProtocol.version) and the shell speaks \(next): rebuild the app against the shell's revision"))
      #expect(newer == [.event(.error(ErrorEvent(message: mismatch, location: nil, column: nil))), .refused(mismatch), .bye])

      // A shell of this version is served as before.
      try await pair.attachShell([])
      let shell = try #require(pair.shell)
      shell.send("select selectValue")
      try await shell.wait(for: "0\n")
    }
  }
}
