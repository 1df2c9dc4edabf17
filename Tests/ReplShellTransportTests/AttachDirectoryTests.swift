#if canImport(Glibc)
import Foundation
import Glibc
import StateValues
import Testing
import ReplShellTransport

/// What a shell checks of the attach folder before it lists or connects to anything in it, and
/// the kernel's word on who is at the other end of a socket.
@Suite struct AttachDirectoryTests {
  /// A fresh path in the temporary folder (nothing there yet), removed at the end of `body`.
  private func withPath(_ body: (String) throws -> Void) throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("attach-folder-\(UUID().uuidString.prefix(8))").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try body(path)
  }

  private func refusal(_ folder: String) -> String? {
    do throws(CommandError) {
      try AttachDirectory.check(folder)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func aMissingFolderOrAPrivateOneOfTheUsersIsFine() throws {
    try withPath { path in
      #expect(refusal(path) == nil, "no app has opened an attachment yet")
      try AttachDirectory.prepare(path)
      #expect(refusal(path) == nil)
      var info = stat()
      #expect(lstat(path, &info) == 0 && info.st_mode & 0o777 == 0o700 && info.st_uid == getuid())
    }
  }

  @Test func aFolderOthersCanWriteIsRefusedWithWhatToDo() throws {
    try withPath { path in
      try AttachDirectory.prepare(path)
      chmod(path, 0o777)
      let message = try #require(refusal(path))
      #expect(message.contains("refused \(path): other users can write in it (mode 777)"), "\(message)")
      #expect(message.contains("`chmod 700 \(path)`"), "\(message)")
    }
  }

  @Test func aLinkIsRefused() throws {
    try withPath { path in
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/tmp")
      let message = try #require(refusal(path))
      #expect(message.contains("it is not a folder (a link?)"), "\(message)")
      #expect(message.contains("remove it (`rm -r \(path)`"), "\(message)")
    }
  }

  @Test(.enabled(if: getuid() == 0, "gives the folder to `nobody`, which takes root"))
  func aFolderOfAnotherUserIsRefusedByTheShellAndByTheApp() throws {
    try withPath { path in
      try AttachDirectory.prepare(path)
      chown(path, 65534, 65534)
      let message = try #require(refusal(path))
      #expect(message.contains("it belongs to uid 65534, not to uid 0 who runs this shell"), "\(message)")
      #expect(throws: CommandError.self) { try AttachDirectory.prepare(path) }
    }
  }

  @Test func thePeerOfASocketIsThisProcess() throws {
    var descriptors: [Int32] = [0, 0]
    try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &descriptors) == 0)
    let socket = AttachSocket(descriptor: descriptors[0])
    defer { socket.close(); Glibc.close(descriptors[1]) }
    let peer = try #require(socket.peer())
    #expect(peer.uid == getuid())
    #expect(peer.pid == getpid())
  }
}
#endif
