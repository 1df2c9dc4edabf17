import Foundation
import ReplShellTransport
import Scenarios
import SessionProtocol
import Testing

/// A shell that pipelines thousands of requests to a running app (`AttachedCounter`) and reads
/// none of the replies: the app reads the requests only as fast as it serves them (a few at a
/// time, with its own work between), lets the unread replies grow to their cap and no further,
/// then closes that shell with one log line — and serves its own taps throughout and after.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct AttachFloodTests {
  /// More `help` requests than the reply cap (8 MiB) can answer unread.
  static let requests = 40_000

  @Test func aShellThatFloodsAndReadsNothingIsClosedAndTheAppServesOn() async throws {
    try await AttachedPair.with { pair in
      let socket = try AttachSocket.connect(to: pair.socketPath)
      defer { socket.close() }
      guard socket.isReadable(within: 60_000), case .hello = try socket.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength) else {
        Issue.record("the app did not open with its hello")
        return
      }
      #expect(socket.send(ShellRequest.hello(protocolVersion: AttachProtocol.version)))
      // The flood, from a thread of its own: its sends block once the app stops reading, and
      // fail once the app closes the connection.
      let sent = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
        Thread.detachNewThread {
          var sent = 0
          while sent < Self.requests, socket.send(ShellRequest.line("help", location: nil)) { sent += 1 }
          continuation.resume(returning: sent)
        }
      }
      #expect(sent < Self.requests, "the app took all \(sent) requests without closing a shell that read no reply")
      let logged = try await pair.app.wait(for: "bytes of replies unread", inErrors: true)
      #expect(logged.contains("replshell attachment: closed a shell that left "), "\(logged)")
      #expect(logged.components(separatedBy: "bytes of replies unread").count == 2, "one log line: \(logged)")
      // The app's own work goes on.
      pair.app.send("inc")
      _ = try await pair.app.wait(for: "tap 1 at")
    }
  }
}
