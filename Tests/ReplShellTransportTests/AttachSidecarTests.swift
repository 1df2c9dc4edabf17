#if canImport(Glibc)
import Foundation
import Glibc
import Testing
import ReplShellTransport

/// The file beside an attachment's socket that `--attach` alone lists from: written whole with
/// mode 0600, read back only when it is a regular file of this user's, current only while the
/// process that wrote it runs.
@Suite struct AttachSidecarTests {
  private func folder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sidecar-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    return path
  }

  @Test func itsPathIsTheSocketsWithJSONForSock() {
    #expect(AttachSidecar.path(forSocket: "/run/user/1/replshell/shelfd-42.sock") == "/run/user/1/replshell/shelfd-42.json")
  }

  @Test func aWrittenSidecarReadsBackPrivateAndCurrent() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/app-\(getpid()).json"
    let sidecar = AttachSidecar(app: "app", domain: "shelf", pid: getpid(), allowsWrites: true, started: 1_700_000_000.5)
    try sidecar.write(to: path)
    #expect(AttachSidecar.read(path) == sidecar)
    #expect(sidecar.processStart != nil, "this process's start time is in /proc")
    #expect(sidecar.isCurrent)
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(!FileManager.default.fileExists(atPath: path + ".new"))
    #expect(AttachDirectory.isPrivate(folder))
  }

  @Test func aLinkAFileOthersCanReadAndGarbageAreNotRead() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let real = folder + "/real.json"
    try AttachSidecar(app: "app", domain: "shelf", pid: getpid(), allowsWrites: false, started: 1).write(to: real)
    #expect(AttachSidecar.read(real) != nil)
    symlink(real, folder + "/link.json")
    #expect(AttachSidecar.read(folder + "/link.json") == nil)
    chmod(real, 0o644)
    #expect(AttachSidecar.read(real) == nil)
    #expect(FileManager.default.createFile(atPath: folder + "/garbage.json", contents: Data("not json".utf8), attributes: [.posixPermissions: 0o600]))
    #expect(AttachSidecar.read(folder + "/garbage.json") == nil)
    #expect(AttachSidecar.read(folder + "/missing.json") == nil)
  }

  /// A pid that runs but started at another time is another process: the sidecar is stale.
  @Test func aPidReusedByAnotherProcessIsNotCurrent() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/app.json"
    let start = try #require(AttachSidecar.startTime(of: getpid()))
    let text = #"{"app": "app", "domain": "shelf", "pid": \#(getpid()), "writes": false, "started": 1, "processStart": \#(start + 1)}"#
    #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]))
    let sidecar = try #require(AttachSidecar.read(path))
    #expect(!sidecar.isCurrent)
  }

  @Test func aFolderOthersCanEnterIsNotPrivate() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    chmod(folder, 0o755)
    #expect(!AttachDirectory.isPrivate(folder))
    #expect(!AttachDirectory.isPrivate(folder + "/missing"))
  }
}
#endif
