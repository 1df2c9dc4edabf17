#if canImport(Glibc)
import Foundation
import Glibc
@testable import Scenarios
import Testing

/// Frames on an attachment's socket: an app refuses a request over 1 MiB (garbage closes that
/// connection), while a shell reads its app's answers up to `maximumReplyLength`, so that a
/// `state` of many MiB reaches it instead of ending the session as a lost connection.
@Suite(.timeLimit(.minutes(3))) struct AttachSocketTests {
  /// Two connected ends of a Unix stream socket.
  private func pair() throws -> (AttachSocket, AttachSocket) {
    var descriptors: [Int32] = [0, 0]
    try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &descriptors) == 0)
    return (AttachSocket(descriptor: descriptors[0]), AttachSocket(descriptor: descriptors[1]))
  }

  /// A JSON object whose frame is about `megabytes` MiB.
  private func answer(megabytes: Int) -> String {
    AttachSocket.json(["event": "output", "lines": [String(repeating: "x", count: megabytes << 20)]])
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
    let text = answer(megabytes: 3)
    async let sent = onAThread { app.send(text) }
    let length = await onAThread { () -> Int? in
      let object = try? shell.receiveObject(limit: AttachSocket.maximumReplyLength)
      return (object?["lines"] as? [String])?.first?.utf8.count
    }
    #expect(await sent)
    #expect(length == 3 << 20)
  }

  @Test func anAppRefusesARequestOverOneMiB() async throws {
    let (app, shell) = try pair()
    defer { shell.close() }
    let text = answer(megabytes: 2)
    async let sent = onAThread { shell.send(text) }
    let failure = await onAThread { () -> AttachSocket.Failure? in
      defer { app.close() }  // the sender, blocked on a full socket, then fails instead of waiting
      do throws(AttachSocket.Failure) {
        _ = try app.receiveObject()
        return nil
      } catch {
        return error
      }
    }
    #expect(failure == .oversized(text.utf8.count))
    #expect(await sent == false)
  }
}
#endif
