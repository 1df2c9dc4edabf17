#if canImport(Glibc)
import Glibc
import SessionProtocol
#endif
import Foundation
import ReplShellTransport
import Testing

/// An app's outbox for one shell, over a real socket pair whose buffers are small: a reply goes
/// at once when it can, and whatever the kernel does not take at once is finished by the drain,
/// whole and in order.
@Suite(.timeLimit(.minutes(10))) struct AttachmentOutboxTests {
  /// Replies bigger than the socket's buffer (the kernel takes part of the first at once, the
  /// second is past what goes at once) and one after them: the shell reads the three, whole and
  /// in the order they were sent.
  @Test func repliesTheSocketTakesInPartAreFinishedByTheDrainInOrder() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &descriptors) == 0)
    var size: Int32 = 4_096
    for descriptor in descriptors {
      setsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
      setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    let app = AttachSocket(descriptor: descriptors[0])
    let outbox = AttachmentOutbox(socket: app)
    let shell = AttachSocket(descriptor: descriptors[1])
    defer {
      // The app's side closes once its outbox has stopped writing, as a connection does.
      outbox.close()
      #expect(outbox.waitUntilStopped(before: .now() + .seconds(30)))
      app.close()
      shell.close()
    }
    let texts = [String(repeating: "a", count: 40_000), String(repeating: "b", count: 100_000), "c"]
    for text in texts { outbox.reply([.event(.note(text))]) }
    for text in texts {
      guard shell.isReadable(within: 30_000) else {
        Issue.record("nothing came for the reply of \(text.count) characters")
        return
      }
      let message = try shell.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength)
      guard case .event(.note(let received)) = message else {
        Issue.record("expected the note of \(text.count) characters, got \(message)")
        return
      }
      #expect(received == text)
    }
  }
}
