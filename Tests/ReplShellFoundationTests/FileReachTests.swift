import Foundation
import ReplShellFoundation
import Testing

/// The one file reach, on real files in a folder of the test's own: links, FIFOs, devices and
/// folders refused before any work, sizes bounded, a confinement that `..` and links cannot
/// leave, and refusals that never quote a file's content.
@Suite struct FileReachTests {
  /// A new folder, removed after `body`, resolved (the temporary folder may sit behind a link).
  private func inFolder(_ body: (String) throws -> Void) throws {
    let base = FileManager.default.temporaryDirectory.path
    let folder = base + "/file-reach-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: folder) }  // best-effort cleanup of the test's folder
    try body(URL(fileURLWithPath: folder).resolvingSymlinksInPath().path)
  }

  @Test func readsARegularFile() throws {
    try inFolder { folder in
      try Data("a\nb\n".utf8).write(to: URL(fileURLWithPath: folder + "/x.txt"))
      #expect(try FileReach.anywhere.readText(folder + "/x.txt") == "a\nb\n")
    }
  }

  @Test func refusesALinkWithoutReadingWhatItPointsTo() throws {
    try inFolder { folder in
      try Data("secret-content".utf8).write(to: URL(fileURLWithPath: folder + "/target"))
      try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/target")
      let error = #expect(throws: FileReachError.self) { try FileReach.anywhere.readText(folder + "/link") }
      #expect(error?.reason == "it is a symbolic link; give the path of a file itself")
      #expect(error.map { !$0.description.contains("secret") } == true)
    }
  }

  @Test func refusesAFIFOWithoutBlockingOnIt() throws {
    try inFolder { folder in
      #expect(mkfifo(folder + "/fifo", 0o600) == 0)
      let read = #expect(throws: FileReachError.self) { try FileReach.anywhere.read(folder + "/fifo") }
      #expect(read?.reason == "it is a FIFO, not a regular file")
      // No reader: the open for writing fails at once instead of waiting for one.
      let write = #expect(throws: FileReachError.self) {
        try FileReach.anywhere.write(Array("x".utf8), to: folder + "/fifo", replacing: true)
      }
      #expect(write?.reason == "it is a FIFO with no reader, not a regular file")
      let check = #expect(throws: FileReachError.self) {
        try FileReach.anywhere.checkWritable(folder + "/fifo", replacing: true, forceHint: "add --force")
      }
      #expect(check?.reason == "it is a FIFO, not a regular file")
    }
  }

  @Test func refusesDevicesAndFolders() throws {
    #expect(throws: FileReachError(path: "/dev/zero", access: .read, reason: "it is a device, not a regular file")) {
      try FileReach.anywhere.read("/dev/zero")
    }
    try inFolder { folder in
      #expect(throws: FileReachError(path: folder, access: .read, reason: "it is a folder, not a regular file")) {
        try FileReach.anywhere.read(folder)
      }
    }
  }

  @Test func refusesAFileOverTheLimitBeforeReadingIt() throws {
    try inFolder { folder in
      try Data(repeating: 65, count: 1_000).write(to: URL(fileURLWithPath: folder + "/big"))
      let tooBig = FileReachError(path: folder + "/big", access: .read, reason: "it is larger than 999 bytes; give a smaller file", shortfall: .bytes(limit: 999))
      #expect(throws: tooBig) {
        try FileReach.anywhere.read(folder + "/big", budget: Budget(maximumBytes: 999))
      }
      #expect(try FileReach.anywhere.read(folder + "/big", budget: Budget(maximumBytes: 1_000)).count == 1_000)
    }
  }

  @Test func aCancelledReadStops() throws {
    try inFolder { folder in
      try Data(repeating: 65, count: 10).write(to: URL(fileURLWithPath: folder + "/x"))
      #expect(throws: FileReachError(path: folder + "/x", access: .read, reason: "stopped while reading", shortfall: .cancelled)) {
        try FileReach.anywhere.read(folder + "/x", budget: Budget(isCancelled: { true }))
      }
    }
  }

  /// A FIFO is refused unless the reader accepts streams; then it is read only while the budget's
  /// deadline lasts.
  @Test func aFIFOIsReadOnlyWhenStreamsAreAcceptedAndOnlyUntilTheDeadline() throws {
    try inFolder { folder in
      let path = folder + "/fifo"
      #expect(mkfifo(path, 0o600) == 0)
      #expect(throws: FileReachError(path: path, access: .read, reason: "it is a FIFO, not a regular file")) {
        try FileReach.anywhere.read(path)
      }
      let budget = Budget(deadline: .now, isCancelled: { false })
      #expect(throws: FileReachError(path: path, access: .read, reason: "the time to read it ran out; give more time with --timeout, such as `--timeout 60s`", shortfall: .deadline)) {
        try FileReach.anywhere.read(path, budget: budget, acceptingStreams: true)
      }
    }
  }

  /// A stream that never ends (a device) stops at the budget's bytes.
  @Test func aStreamThatNeverEndsStopsAtTheBytes() throws {
    #expect(throws: FileReachError(path: "/dev/zero", access: .read, reason: "it is larger than 100,000 bytes; give a smaller file", shortfall: .bytes(limit: 100_000))) {
      try FileReach.anywhere.read("/dev/zero", budget: Budget(maximumBytes: 100_000), acceptingStreams: true)
    }
  }

  @Test func textThatIsNotUTF8NamesItsLineNotItsContent() throws {
    try inFolder { folder in
      try Data([0x6F, 0x6B, 0x0A, 0x70, 0x77, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: folder + "/x"))
      #expect(throws: FileReachError(path: folder + "/x", access: .read, reason: "line 2 is not UTF-8 text")) {
        try FileReach.anywhere.readText(folder + "/x")
      }
    }
  }

  @Test func writesNewFilesAndReplacesOnlyWhenTold() throws {
    try inFolder { folder in
      let path = folder + "/out.txt"
      try FileReach.anywhere.checkWritable(path, replacing: false, forceHint: "add --force to replace it")
      try FileReach.anywhere.write(Array("one".utf8), to: path, replacing: false)
      #expect(throws: FileReachError(path: path, access: .write, reason: "it exists; add --force to replace it")) {
        try FileReach.anywhere.checkWritable(path, replacing: false, forceHint: "add --force to replace it")
      }
      #expect(throws: FileReachError(path: path, access: .write, reason: "it exists; add --force to replace it")) {
        try FileReach.anywhere.write(Array("two".utf8), to: path, replacing: false)
      }
      try FileReach.anywhere.write(Array("two".utf8), to: path, replacing: true)
      #expect(try FileReach.anywhere.readText(path) == "two")
    }
  }

  @Test func neverWritesThroughALink() throws {
    try inFolder { folder in
      try Data("kept".utf8).write(to: URL(fileURLWithPath: folder + "/target"))
      try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/target")
      #expect(throws: FileReachError.self) { try FileReach.anywhere.write(Array("x".utf8), to: folder + "/link", replacing: true) }
      #expect(throws: FileReachError.self) { try FileReach.anywhere.checkWritable(folder + "/link", replacing: true, forceHint: "") }
      #expect(try FileReach.anywhere.readText(folder + "/target") == "kept")
    }
  }

  @Test func preparesAFolderOfItsOwnAndRefusesOneItCannotTrust() throws {
    try inFolder { folder in
      var status = stat()
      try FileReach.anywhere.prepareFolder(folder + "/made")
      #expect(lstat(folder + "/made", &status) == 0 && status.st_mode & S_IFMT == S_IFDIR && status.st_mode & 0o777 == 0o700)
      // An existing folder of this user's that only it writes in is taken as it is.
      try FileManager.default.createDirectory(atPath: folder + "/own", withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
      try FileReach.anywhere.prepareFolder(folder + "/own")

      func refusal(_ path: String) -> String? {
        #expect(throws: FileReachError.self) { try FileReach.anywhere.prepareFolder(folder + "/" + path, shownAs: path) }?.description
      }
      try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/own")
      #expect(refusal("link") == "cannot write link: it is a symbolic link; give the path of a folder itself")
      try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
      #expect(refusal("file") == "cannot write file: it is not a folder")
      #expect(refusal("none/deeper") == "cannot write none/deeper: the folder it is in does not exist")
      try FileManager.default.createDirectory(atPath: folder + "/open", withIntermediateDirectories: false)
      #expect(chmod(folder + "/open", 0o777) == 0)
      #expect(refusal("open") == "cannot write open: other users can write in it (mode 777); `chmod go-w` it, or give a folder of yours")
      // Another user's folder: only root can make one here to try.
      if getuid() == 0 {
        try FileManager.default.createDirectory(atPath: folder + "/theirs", withIntermediateDirectories: false)
        #expect(chown(folder + "/theirs", 65_534, 65_534) == 0)
        #expect(refusal("theirs") == "cannot write theirs: it belongs to uid 65534, not to uid 0 who runs this shell, so its owner could put a link where a file is written")
      }
    }
  }

  @Test func anItemExistsWhateverItIsAndALinkIsNotFollowed() throws {
    try inFolder { folder in
      try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: folder + "/nowhere")
      #expect(FileReach.anywhere.itemExists(at: folder + "/dangling"))
      #expect(FileReach.anywhere.itemExists(at: folder))
      #expect(!FileReach.anywhere.itemExists(at: folder + "/nowhere"))
    }
  }

  @Test func aConfinedReachKeepsPathsInItsFolder() throws {
    try inFolder { folder in
      try FileManager.default.createDirectory(atPath: folder + "/work", withIntermediateDirectories: false)
      try FileManager.default.createSymbolicLink(atPath: folder + "/work/out", withDestinationPath: folder)
      let reach = try FileReach.confined(to: folder + "/work")
      #expect(try reach.resolve("a/b.txt", relativeTo: folder + "/work", for: .write) == folder + "/work/a/b.txt")
      #expect(try reach.resolve("./x/../c.txt", relativeTo: folder + "/work", for: .write) == folder + "/work/c.txt")
      for outside in ["../escape.txt", "/etc/cron.d/job", "out/escape.txt", folder + "/escape.txt"] {
        #expect(throws: FileReachError.self, "\(outside)") { try reach.resolve(outside, relativeTo: folder + "/work", for: .write) }
      }
      #expect(try FileReach.anywhere.resolve("../escape.txt", relativeTo: folder + "/work", for: .write) == folder + "/escape.txt")
    }
  }
}
