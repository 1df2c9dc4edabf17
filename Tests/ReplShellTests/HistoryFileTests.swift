import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import ReplShell
import Testing

/// The history file lives where `XDG_STATE_HOME` or `HOME` says, which may be a folder another
/// user can write (`sudo -E` keeps the caller's `HOME`). The shell keeps history only in a real
/// folder of its user's that no one else can write, opens nothing through a link, and makes its
/// temporary file new (`O_EXCL`) under a random name. The strangers run as `nobody` (`runuser`),
/// which takes root: CI runs the tests as root, and those tests are skipped, saying why, for
/// anyone else.
@Suite struct HistoryFileTests {
  static let isRoot = getuid() == 0
  static let nobody: UInt32 = 65534

  /// A fresh folder, removed at the end of `body`, holding `victim`: a file of the user's that a
  /// stranger would like the shell to overwrite.
  private func withFolder(_ body: (_ folder: URL, _ victim: URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let victim = folder.appendingPathComponent("precious")
    try Data("precious\n".utf8).write(to: victim)
    try body(folder, victim)
  }

  /// A folder in `folder` owned by `nobody` that anyone may write: where `XDG_STATE_HOME` points.
  private func strangersFolder(in folder: URL) throws -> URL {
    let state = folder.appendingPathComponent("state")
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: false)
    #expect(chown(state.path, Self.nobody, Self.nobody) == 0)
    #expect(chmod(state.path, 0o777) == 0)
    return state
  }

  /// Runs `ln -s target link` as `nobody`.
  private func linkAsNobody(_ link: URL, to target: URL) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
    process.arguments = ["-u", "nobody", "--", "/bin/ln", "-s", target.path, link.path]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    var info = stat()
    #expect(lstat(link.path, &info) == 0 && info.st_uid == Self.nobody && info.st_mode & S_IFMT == S_IFLNK)
  }

  private func reason(_ body: () throws(HistoryFile.Error) -> Void) -> String? {
    do throws(HistoryFile.Error) {
      try body()
      return nil
    } catch {
      return error.reason
    }
  }

  @Test(.enabled(if: isRoot, "plants links as `nobody`, which takes root (CI runs the tests as root)"))
  func aHistoryLinkedByAStrangerCollectsNothing() throws {
    try withFolder { folder, victim in
      let state = try strangersFolder(in: folder)
      try linkAsNobody(state.appendingPathComponent("history"), to: victim)
      let file = HistoryFile(url: state.appendingPathComponent("history"))
      let refusal = "refused the folder \(state.path): it belongs to uid 65534, not to uid 0 who runs this shell, so its owner could link the history to a file of yours or read what you type; set XDG_STATE_HOME to a folder of yours (mode 0700)"
      #expect(reason { () throws(HistoryFile.Error) in _ = try file.load(limit: 10) } == refusal)
      #expect(reason { () throws(HistoryFile.Error) in try file.append("the password is swordfish") } == refusal)
      #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
    }
  }

  @Test(.enabled(if: isRoot, "plants links as `nobody`, which takes root (CI runs the tests as root)"))
  func aTemporaryFileLinkedByAStrangerIsNeverTruncated() throws {
    try withFolder { folder, victim in
      // The user's own folder, but one anyone may write; the history holds more than the limit,
      // so loading it rewrites it through a temporary file, whose old name was predictable.
      let state = folder.appendingPathComponent("state")
      try FileManager.default.createDirectory(at: state, withIntermediateDirectories: false)
      chmod(state.path, 0o777)
      let history = state.appendingPathComponent("history")
      try Data((1...20).map { "line \($0)\n" }.joined().utf8).write(to: history)
      try linkAsNobody(state.appendingPathComponent("history.\(getpid()).tmp"), to: victim)
      let file = HistoryFile(url: history)
      #expect(
        reason { () throws(HistoryFile.Error) in _ = try file.load(limit: 10) }
          == "refused the folder \(state.path): other users can write in it (mode 777), so a stranger could link the history to a file of yours; `chmod go-w \(state.path)`, or set XDG_STATE_HOME to a folder of yours (mode 0700)")
      #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
    }
  }

  @Test func inAPrivateFolderTheHistoryIsKeptAndTrimmedWithoutLeavingATemporaryFile() throws {
    try withFolder { folder, _ in
      let history = folder.appendingPathComponent("state/replshell/history")
      let file = HistoryFile(url: history)
      #expect(try file.load(limit: 3) == [])
      for entry in ["one", "two", "three", "four"] { try file.append(entry) }
      #expect(try file.load(limit: 3) == ["two", "three", "four"])
      #expect(try String(contentsOf: history, encoding: .utf8) == "two\nthree\nfour\n")
      #expect(try FileManager.default.contentsOfDirectory(atPath: history.deletingLastPathComponent().path) == ["history"])
      var info = stat()
      #expect(lstat(history.deletingLastPathComponent().path, &info) == 0 && info.st_mode & 0o777 == 0o700)
      #expect(lstat(history.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
    }
  }

  /// A history grown past what a shell keeps is read from its end only: the newest entries come
  /// back whole, the part line at the cut is dropped, and the file is rewritten to what was kept.
  @Test func aHugeHistoryIsReadFromItsEndOnly() throws {
    try withFolder { folder, _ in
      let history = folder.appendingPathComponent("state/replshell/history")
      let file = HistoryFile(url: history)
      _ = try file.load(limit: 3)
      let filler = String(repeating: "x", count: 999) + "\n"
      let handle = try FileHandle(forWritingTo: history)
      for _ in 0..<(HistoryFile.tailByteLimit / filler.utf8.count + 2) { handle.write(Data(filler.utf8)) }
      handle.write(Data("tail one\ntail two\n".utf8))
      try handle.close()
      #expect(try file.load(limit: 3) == [String(filler.dropLast()), "tail one", "tail two"])
      #expect(try String(contentsOf: history, encoding: .utf8) == filler + "tail one\ntail two\n")
      let few = try file.load(limit: 5_000)
      #expect(few.count == 3)
    }
  }

  @Test func aLinkOrAFIFOInThePlaceOfTheHistoryIsRefusedWithoutFollowingOrBlocking() throws {
    try withFolder { folder, victim in
      let state = folder.appendingPathComponent("state")
      try FileManager.default.createDirectory(at: state, withIntermediateDirectories: false)
      chmod(state.path, 0o700)
      let history = state.appendingPathComponent("history")
      try FileManager.default.createSymbolicLink(at: history, withDestinationURL: victim)
      let file = HistoryFile(url: history)
      #expect(reason { () throws(HistoryFile.Error) in try file.append("typed") } == "refused: it is a link, which this shell does not follow; remove it")
      #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
      try FileManager.default.removeItem(at: history)
      #expect(mkfifo(history.path, 0o600) == 0)
      #expect(reason { () throws(HistoryFile.Error) in _ = try file.load(limit: 10) } == "refused: it is not a regular file of uid \(getuid())'s; remove it")
      // A linked folder is refused too: the history is kept only in the folder that was checked.
      let linked = folder.appendingPathComponent("linked")
      try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: state)
      #expect(
        reason { () throws(HistoryFile.Error) in try HistoryFile(url: linked.appendingPathComponent("history")).append("typed") }
          == "refused the folder \(linked.path): it is not a folder (a link?), so another user may have put it there; set XDG_STATE_HOME to a folder of yours (mode 0700)")
    }
  }
}
