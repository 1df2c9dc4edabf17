import Foundation
@testable import Scenarios
@testable import ReplShellHost
@testable import ReplShellSession

/// `explore --guided --corpus DIR` files: the input, written as `explore.corpus` in a folder of
/// the scratch folder, is read as a later run reads it (`ExploreCorpus`: its budget of bytes,
/// entries, actions and line length, each `dispatch` line decoded against the domain), replayed
/// as the run's starting entries and saved again, in a Counter session; a refusal must say why.
enum ExploreCorpusTarget {
  static let folderName = "corpus-fuzz"

  static let target = FuzzTarget(name: "explore-corpus") { bytes in
    let folder = Scratch.folder.appendingPathComponent(folderName)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      try Data(bytes).write(to: folder.appendingPathComponent(ExploreCorpus.fileName))
    } catch {
      fatalError("cannot write the corpus into \(folder.path): \(error)")
    }
    onMainActor {
      let shell = await FuzzShells.started("counter")
      let result = await shell.execute("explore --guided --corpus \(folderName) --runs 2 --steps 4 --seed 1")
      if !result.succeeded, result.lines.allSatisfy({ $0.text.isEmpty }) {
        fatalError("a corpus refused without a reason")
      }
      await shell.close()
    }
  }
}
