import Foundation
import ReplShellTransport
import Scenarios
import SessionProtocol
import Testing

/// A shell that tails a running app (`AttachedCounter`) and stops reading: the app's outbox for it
/// fills the socket, then waits for room on a dispatch write source — no thread blocked in `send`,
/// and the app never waits. Once the shell reads again, every action the app dispatched is
/// accounted for: described in the tail, or counted in a `tail dropped N actions` note where the
/// gap is, the last actions' too when nothing comes after them.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct AttachSlowShellTests {
  /// More tailed actions than the outbox keeps (`tailLimit`, 512) and than the socket holds.
  static let taps = 2_000

  @Test func aShellThatStopsReadingNeverHoldsTheAppAndIsToldWhatItMissed() async throws {
    try await AttachedPair.with { pair in
      let socket = try AttachSocket.connect(to: pair.socketPath)
      defer { socket.close() }
      // The app's hello and its session's `done`, then this shell's hello.
      guard case .hello = try Self.next(from: socket), case .done = try Self.next(from: socket) else {
        Issue.record("the app did not open with its hello and the session's done")
        return
      }
      #expect(socket.send(ShellRequest.hello(protocolVersion: AttachProtocol.version)))
      #expect(socket.send(ShellRequest.line("tail", location: nil)))
      while true {
        if case .done = try Self.next(from: socket) { break }
      }

      // The shell reads nothing while the app taps: the app serves every tap all the same.
      for _ in 0..<Self.taps { pair.app.send("inc") }
      _ = try await pair.app.wait(for: "tap \(Self.taps) at")

      // A line of the shell's own: its reply queues behind what the outbox holds and always
      // reaches the shell (replies are never dropped), once the shell reads again.
      #expect(socket.send(ShellRequest.line("select selectValue", location: nil)))
      var described = 0
      var dropped = 0
      func count(_ message: AppMessage) {
        switch message {
        case .event(.dispatched(let dispatch)) where dispatch.origin == .app:
          described += 1
        case .event(.note(let text)) where text.hasPrefix("tail dropped "):
          dropped += Int(text.dropFirst("tail dropped ".count).prefix { $0.isNumber }) ?? 0
        default:
          break
        }
      }
      while true {
        let message = try Self.next(from: socket)
        if case .done = message { break }
        count(message)
      }

      // One more tap once the shell reads: every action is described or told dropped — the
      // drops with no action after them too (the tap's ring tells them as it runs empty, the
      // outbox as soon as it has room).
      let drained = Self.taps
      pair.app.send("inc")
      while described + dropped < drained + 1 {
        count(try Self.next(from: socket))
      }
      print("AttachSlowShellTests: of \(drained + 1) actions, \(described) described and \(dropped) told as dropped")
      #expect(described + dropped == drained + 1)
      #expect(dropped > 0, "the outbox kept all \(described) actions for a shell that did not read, and dropped none")
    }
  }

  /// The app's next message; fails when none comes within `milliseconds` (a bound for a broken
  /// build, not a measure: each message arrives as soon as the app sends it).
  private static func next(from socket: AttachSocket, within milliseconds: Int32 = 60_000) throws -> AppMessage {
    guard socket.isReadable(within: milliseconds) else {
      throw AttachSlowShellFailure("the app sent nothing for \(milliseconds / 1_000) s")
    }
    return try socket.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength)
  }
}

private struct AttachSlowShellFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
