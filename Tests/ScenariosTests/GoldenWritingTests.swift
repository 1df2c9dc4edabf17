import Foundation
import Scenarios
import StateValues
import Testing

/// `GoldenComparison.write`, what `--update` and `ScenarioTest`'s record modes write goldens
/// with: whole files, never through a link, never over anything but a regular file.
@Suite struct GoldenWritingTests {
  private func withFolder(_ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-write-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder)
  }

  @Test func aNewGoldenIsWrittenAndAnOldOneReplacedWhole() throws {
    try withFolder { folder in
      let golden = folder.appendingPathComponent("a.golden")
      try GoldenComparison.write("first\n", toGoldenAt: golden)
      #expect(try String(contentsOf: golden, encoding: .utf8) == "first\n")
      try GoldenComparison.write("second\n", toGoldenAt: golden)
      #expect(try String(contentsOf: golden, encoding: .utf8) == "second\n")
      // Nothing is left beside it: the temporary file was renamed into place.
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.golden"])
    }
  }

  @Test func aLinkInTheGoldensPlaceIsRefusedAndItsTargetUntouched() throws {
    try withFolder { folder in
      let target = folder.appendingPathComponent("target.txt")
      try "keep\n".write(to: target, atomically: true, encoding: .utf8)
      let golden = folder.appendingPathComponent("a.golden")
      try FileManager.default.createSymbolicLink(at: golden, withDestinationURL: target)
      #expect(throws: CommandError("cannot write \(golden.path): it is a symbolic link; give the path of a file itself")) {
        try GoldenComparison.write("over\n", toGoldenAt: golden)
      }
      #expect(try String(contentsOf: target, encoding: .utf8) == "keep\n")
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: golden.path) == target.path)
    }
  }

  @Test func aFolderInTheGoldensPlaceIsRefused() throws {
    try withFolder { folder in
      let golden = folder.appendingPathComponent("a.golden")
      try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: false)
      #expect(throws: CommandError.self) { try GoldenComparison.write("over\n", toGoldenAt: golden) }
      var isFolder: ObjCBool = false
      #expect(FileManager.default.fileExists(atPath: golden.path, isDirectory: &isFolder) && isFolder.boolValue)
    }
  }
}
