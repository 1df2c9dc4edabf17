#if canImport(Glibc)
import Foundation
import Glibc
import SessionProtocol
import StateValues
import Testing
import ReplShellTransport

/// Frames on an attachment's socket: an app refuses a request over 1 MiB (garbage closes that
/// connection), while a shell reads its app's answers up to `maximumReplyLength`, so that a
/// `state` of many MiB reaches it instead of ending the session as a lost connection; a frame
/// that is not a message of the protocol is named as such.
@Suite(.timeLimit(.minutes(10))) struct AttachSocketTests {
  /// Two connected ends of a Unix stream socket.
  private func pair() throws -> (AttachSocket, AttachSocket) {
    var descriptors: [Int32] = [0, 0]
    try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &descriptors) == 0)
    return (AttachSocket(descriptor: descriptors[0]), AttachSocket(descriptor: descriptors[1]))
  }

  /// An event whose frame is about `megabytes` MiB.
  private func answer(megabytes: Int) -> AppMessage {
    .event(.output([OutputLine(.plain, String(repeating: "x", count: megabytes << 20))]))
  }

  /// Runs blocking socket work on a thread of its own: both ends block until the other reads
  /// or writes, and the cooperative pool (one thread per core) must not wait on them.
  private func onAThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: body()) }.start()
    }
  }

  @Test func aShellReadsAnAnswerOfSeveralMiB() async throws {
    let (app, shell) = try pair()
    defer { app.close(); shell.close() }
    let message = answer(megabytes: 3)
    async let sent = onAThread { app.send(message) }
    let length = await onAThread { () -> Int? in
      guard case .event(.output(let lines, _))? = try? shell.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength) else { return nil }
      return lines.first?.text.utf8.count
    }
    #expect(await sent)
    #expect(length == 3 << 20)
  }

  @Test func anAppRefusesARequestOverOneMiB() async throws {
    let (app, shell) = try pair()
    defer { shell.close() }
    let message = ShellRequest.line(String(repeating: "x", count: 2 << 20), location: nil)
    let frameLength = try AttachFrame.bytes(of: message).count - 4
    async let sent = onAThread { shell.send(message) }
    let failure = await onAThread { () -> AttachSocket.Failure? in
      defer { app.close() }  // the sender, blocked on a full socket, then fails instead of waiting
      do throws(AttachSocket.Failure) {
        _ = try app.receive(ShellRequest.self, limit: AttachProtocol.maximumRequestLength)
        return nil
      } catch {
        return error
      }
    }
    #expect(failure == .oversized(frameLength))
    #expect(await sent == false)
  }

  @Test func aFrameThatIsNotAMessageIsMalformed() async throws {
    let (app, shell) = try pair()
    defer { app.close(); shell.close() }
    let body = Array(#"{"line": "state"}"#.utf8)
    let frame = withUnsafeBytes(of: UInt32(body.count).bigEndian) { Array($0) } + body
    #expect(shell.writeAll(frame))
    let failure = await onAThread { () -> AttachSocket.Failure? in
      do throws(AttachSocket.Failure) {
        _ = try app.receive(ShellRequest.self, limit: AttachProtocol.maximumRequestLength)
        return nil
      } catch {
        return error
      }
    }
    guard case .malformed? = failure else {
      Issue.record("a request of the dictionaries before the handshake read as \(String(describing: failure))")
      return
    }
  }
}
#endif
